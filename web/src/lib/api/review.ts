import {
  type ActivityEntry,
  type AddReviewCommentRequest,
  type PostDraft,
  type ReviewComment,
  type ReviewSettings,
  WORKSPACE_HEADER,
} from '@nashr/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentWorkspace } from '../../session/current-workspace';
import { reviewApi } from './catalogue';
import { call, onceWithKey } from './client';
import { draftKeys } from './drafts';
import { useMutation } from './mutation';

/** A draft as its review page shows it: the draft, its thread (oldest first) and what happened to it. */
export interface DraftReview {
  draft: PostDraft;
  comments: ReviewComment[];
  activity: ActivityEntry[];
}

export const reviewKeys = {
  all: ['review'] as const,
  draft: (draftId: string) => ['review', 'draft', draftId] as const,
  post: (postId: string) => ['review', 'post', postId] as const,
  /** By the workspace asked about: null for the one the tab works in. */
  settings: (workspaceId: string | null) => ['review', 'settings', workspaceId ?? 'current'] as const,
};

/** How often an open review page reads its draft again: other members comment and decide meanwhile. */
const REVIEW_REFRESH_MS = 20_000;

/**
 * `GET /api/v1/drafts/{id}/review`, in the workspace the tab works in: read again every
 * REVIEW_REFRESH_MS while the page is in view, and on coming back to it.
 */
export function useDraftReview(draftId: string, enabled = true) {
  return useQuery({
    ...draftReviewQuery(draftId),
    enabled,
    refetchInterval: REVIEW_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** `GET /api/v1/drafts/{id}/review`, once (the page's loader; `useDraftReview` keeps it current). */
export const draftReviewQuery = (draftId: string) =>
  queryOptions({
    queryKey: reviewKeys.draft(draftId),
    queryFn: async (): Promise<DraftReview> => (await call(reviewApi.draftReview, { params: { id: draftId } })).data,
  });

/** `GET /api/v1/posts/{id}/activity`: who wrote, changed, approved and scheduled a post, oldest first. */
export function usePostActivity(postId: string, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.post(postId),
    queryFn: async (): Promise<ActivityEntry[]> =>
      (await call(reviewApi.postActivity, { params: { id: postId } })).data.activity,
    enabled,
  });
}

/** A step's answer is the draft as it stands now: the page shows it, the drafts list reads again. */
function keepReview(client: QueryClient, review: DraftReview) {
  client.setQueryData(reviewKeys.draft(review.draft.id), review);
  void client.invalidateQueries({ queryKey: draftKeys.all });
}

/** `POST /api/v1/drafts/{id}/submit`: at the version the caller saw. */
export function useSubmitForReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version }: { id: string; version: number }): Promise<DraftReview> =>
      (await call(reviewApi.submit, { params: { id }, body: { version } })).data,
    onSuccess: (review) => keepReview(client, review),
  });
}

/** `POST /api/v1/drafts/{id}/approve`: the version the reviewer read, refused if saved since. */
export function useApproveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version }: { id: string; version: number }): Promise<DraftReview> =>
      (await call(reviewApi.approve, { params: { id }, body: { version } })).data,
    onSuccess: (review) => keepReview(client, review),
  });
}

/** `POST /api/v1/drafts/{id}/request-changes`: back to its author, with what to change. */
export function useRequestChanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, comment }: { id: string; version: number; comment: string }) =>
      (await call(reviewApi.requestChanges, { params: { id }, body: { version, comment } })).data,
    onSuccess: (review) => keepReview(client, review),
  });
}

/**
 * `POST /api/v1/drafts/{id}/comments`: a comment or a reply. `key` is the same for every try of one
 * comment, so a lost answer retried adds it once.
 */
export function useAddReviewComment(draftId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, ...body }: AddReviewCommentRequest & { key: string }) =>
      (await call(reviewApi.comment, { params: { id: draftId }, body, init: onceWithKey(key) })).data,
    onSuccess: (comment) => {
      client.setQueryData<DraftReview>(reviewKeys.draft(draftId), (review) =>
        review && !review.comments.some((c) => c.id === comment.id)
          ? {
              ...review,
              comments: [...review.comments, comment],
              draft: { ...review.draft, comments: review.draft.comments + 1 },
            }
          : review,
      );
      void client.invalidateQueries({ queryKey: reviewKeys.draft(draftId) });
      void client.invalidateQueries({ queryKey: draftKeys.all });
    },
  });
}

/** The header naming `workspaceId`, for a screen about a workspace other than the one the tab works in. */
const inWorkspace = (workspaceId: string | null): RequestInit =>
  workspaceId ? { headers: { [WORKSPACE_HEADER]: workspaceId } } : {};

/**
 * `GET /api/v1/review-settings`: the approval rule of `workspaceId` (its id, the account's own for
 * the personal one), or of the workspace the tab works in when null.
 */
export function useReviewSettings(workspaceId: string | null = null) {
  const current = useCurrentWorkspace();
  return useQuery(reviewSettingsQuery(workspaceId, current));
}

/** The approval rule of `workspaceId`, or (null) of the one the tab works in, `current`. */
export const reviewSettingsQuery = (workspaceId: string | null, current: string | null) =>
  queryOptions({
    // The tab's workspace by its id too, so a switch never shows the rule of the one left.
    queryKey: workspaceId ? reviewKeys.settings(workspaceId) : [...reviewKeys.settings(null), current],
    queryFn: async (): Promise<ReviewSettings> =>
      (await call(reviewApi.settings, { init: inWorkspace(workspaceId) })).data,
  });

/** `PUT /api/v1/review-settings`: owner and admins turn the rule on or off. */
export function useSaveReviewSettings(workspaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReviewSettings): Promise<ReviewSettings> =>
      (await call(reviewApi.saveSettings, { body: settings, init: inWorkspace(workspaceId) })).data,
    onSuccess: (settings) => {
      client.setQueryData(reviewKeys.settings(workspaceId), settings);
      void client.invalidateQueries({ queryKey: [...reviewKeys.settings(null)] });
    },
  });
}
