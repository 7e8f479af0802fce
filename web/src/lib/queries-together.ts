import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Queries a part of a screen shows together (a thread and the members it names, say): pending
 * until every one has answered, failed when any failed, and a retry that asks again only for
 * those that failed.
 */
export function queriesTogether(...queries: Pick<UseQueryResult, 'isPending' | 'isFetching' | 'error' | 'refetch'>[]) {
  return {
    isPending: queries.some((query) => query.isPending),
    error: queries.find((query) => query.error)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.error) void query.refetch();
    },
  };
}
