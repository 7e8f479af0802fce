import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { engageApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

/** What Engage can do on the user's network (the official API works from post addresses only). */
export const engageNetworkQuery = queryOptions({
  queryKey: ['engage', 'network'] as const,
  queryFn: async () => (await call(engageApi.network)).network,
  staleTime: 60_000,
});

export function useEngageNetwork() {
  return useQuery(engageNetworkQuery);
}

/** People on the network matching the words; nothing is asked for under two letters. */
export function usePeopleSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: ['engage', 'people-search', q],
    queryFn: async () => (await call(engageApi.searchPeople, { query: { q } })).people,
    enabled: enabled && q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Brings a post in by its address; the feed then holds it too. */
export function usePostByUrl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { url: string; text?: string; lang: 'ar' | 'en' }) =>
      (await call(engageApi.postByUrl, { body: input })).post,
    onSuccess: () => client.invalidateQueries({ queryKey: ['engage', 'feed'] }),
  });
}
