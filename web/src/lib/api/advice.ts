import type { IdeasResponse, ProfileReview, ProfileReviewRequest } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsQuery } from './ai';
import { aiApi } from './catalogue';
import { call } from './client';
import { useMutation } from './mutation';

export type DailyIdeas = IdeasResponse['data'];

const ideasKey = ['ai', 'ideas'] as const;

/** `GET /api/v1/ai/ideas`: today's post ideas; while they are being prepared, look again every two seconds. */
export const dailyIdeasQuery = queryOptions({
  queryKey: ideasKey,
  queryFn: async (): Promise<DailyIdeas> => (await call(aiApi.ideas)).data,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useDailyIdeas() {
  return useQuery({
    ...dailyIdeasQuery,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 2_000 : false),
  });
}

/** `POST /api/v1/ai/profile-review`: Optimize Profile. It spends credits, so the balance is read again. */
export function useProfileReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileReviewRequest): Promise<ProfileReview> =>
      (await call(aiApi.profileReview, { body })).data,
    onSettled: () => client.invalidateQueries({ queryKey: creditsQuery.queryKey }),
  });
}
