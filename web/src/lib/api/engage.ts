import type { EngageAllowance, EngageLanguage } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { engageApi } from './catalogue';
import { call } from './client';
import { useMutation } from './mutation';

const targetsKey = ['engage', 'targets'] as const;
const feedKey = (lang: EngageLanguage) => ['engage', 'feed', lang] as const;
const historyKey = ['engage', 'history'] as const;
const allowanceKey = ['engage', 'allowance'] as const;

/** The user's people and topics. */
export const engageTargetsQuery = queryOptions({ queryKey: targetsKey, queryFn: () => call(engageApi.targets) });

export function useEngageTargets() {
  return useQuery(engageTargetsQuery);
}

/** Creators the provider suggests (the sandbox's invented creators). */
export const engageCreatorsQuery = queryOptions({
  queryKey: ['engage', 'creators'] as const,
  queryFn: async () => (await call(engageApi.creators)).creators,
  staleTime: 10 * 60_000,
});

export function useEngageCreators() {
  return useQuery(engageCreatorsQuery);
}

/** The feed, with suggestions in `lang`. */
export const engageFeedQuery = (lang: EngageLanguage) =>
  queryOptions({ queryKey: feedKey(lang), queryFn: () => call(engageApi.feed, { query: { lang } }) });

/**
 * The feed. While the lists have just changed (the refresh runs in the background) or suggestions
 * are still being written (new ones, or others asked for), it asks again every few seconds.
 */
export function useEngageFeed(lang: EngageLanguage, waiting: boolean) {
  return useQuery({
    ...engageFeedQuery(lang),
    refetchInterval: (query) => {
      const posts = query.state.data?.posts;
      const pending =
        !posts ||
        (waiting && posts.length === 0) ||
        posts.some((p) => p.suggestions === null || p.suggestions.language !== lang || p.suggestionsWriting);
      return pending ? 2000 : 60_000;
    },
  });
}

export const engageHistoryQuery = queryOptions({
  queryKey: historyKey,
  queryFn: async () => (await call(engageApi.history)).comments,
});

export function useEngageHistory() {
  return useQuery(engageHistoryQuery);
}

/** What the plan allows Engage and what is used. */
export const engageAllowanceQuery = queryOptions({
  queryKey: allowanceKey,
  queryFn: async () => (await call(engageApi.allowance)).allowance,
});

/** What the plan allows Engage and what is used; `behind` says when the answer is not yet current (asked again). */
export function useEngageAllowance(behind?: (allowance: EngageAllowance) => boolean) {
  return useQuery({
    ...engageAllowanceQuery,
    refetchInterval: (query) => (behind && query.state.data && behind(query.state.data) ? 1500 : false),
  });
}

/**
 * The sidebar's commenting credits: asked only while the plan (as billing says) includes Engage,
 * and again while engage has not learnt that plan yet.
 */
export function useCommentingCredits(plan: string | null) {
  return useQuery({
    ...engageAllowanceQuery,
    enabled: plan !== null,
    select: (allowance) => (allowance.plan === plan && allowance.included ? allowance.credits : null),
    refetchInterval: (query) => (query.state.data && query.state.data.plan !== plan ? 1500 : false),
  });
}

function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['engage'] });
}

export function useAddPerson() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (profileUrl: string) => (await call(engageApi.addPerson, { body: { profileUrl } })).person,
    onSuccess: refresh,
  });
}

export function useAddTopic() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (topic: string) => (await call(engageApi.addTopic, { body: { topic } })).topic,
    onSuccess: refresh,
  });
}

export function useRemoveTarget() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: 'person' | 'topic'; id: string }) =>
      kind === 'person'
        ? call(engageApi.removePerson, { params: { id } })
        : call(engageApi.removeTopic, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Other suggestions for a post: written by the ai service; when they take longer, the feed shows them once written. */
export function useOtherSuggestions(lang: EngageLanguage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (postId: string) => {
      const answer = await call(engageApi.suggest, { params: { postId }, body: { lang } });
      return 'suggestions' in answer ? answer.suggestions : null;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: feedKey(lang) }),
  });
}

/** Sends a comment under its key: sending the same key again never comments twice. */
export function useSendComment() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (input: { postId: string; key: string; text: string }) =>
      (await call(engageApi.send, { body: input })).comment,
    onSettled: refresh,
  });
}

/** The best recent posts of the creators the user follows, for the inspiration page. */
export const followedPostsQuery = queryOptions({
  queryKey: ['engage', 'inspiration'] as const,
  queryFn: () => call(engageApi.followedPosts),
});

export function useFollowedPosts() {
  return useQuery(followedPostsQuery);
}
