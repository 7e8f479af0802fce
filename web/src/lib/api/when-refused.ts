import type { QueryClient } from '@tanstack/react-query';

/**
 * Calls `react` whenever a query or a mutation fails with an error `matches` accepts: a refusal
 * that says something about the whole app (the workspace is gone, the connection was lost) rather
 * than about the one screen that asked. Returns the unsubscribe function.
 */
export function whenRefused(
  queryClient: QueryClient,
  matches: (error: unknown) => boolean,
  react: () => void,
): () => void {
  const queries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && matches(event.action.error)) react();
  });
  const mutations = queryClient.getMutationCache().subscribe((event) => {
    if (event?.type === 'updated' && event.action.type === 'error' && matches(event.action.error)) react();
  });
  return () => {
    queries();
    mutations();
  };
}
