import type { Queue, QueueSlot, SavedQueue } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '../time-zone';
import { queueApi } from './catalogue';
import { call, onceWithKey } from './client';
import { useMutation } from './mutation';
import { postKeys } from './posts';

export const queueKeys = { queue: ['queue'] as const };

/** `GET /api/v1/queue`: the weekly posting slots, suggestions for `zone` (the browser's), the next free slot. */
export const queueQuery = (zone: string) =>
  queryOptions({
    queryKey: queueKeys.queue,
    queryFn: async (): Promise<Queue> => (await call(queueApi.get, { query: { timeZone: zone } })).data,
    retry: 1,
  });

export function useQueue() {
  return useQuery(queueQuery(browserTimeZone()));
}

/**
 * `PUT /api/v1/queue`: the whole week at once, read in the browser's zone. The queued posts move
 * onto the new times, so every list and calendar of posts is read again.
 */
export function useSaveQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (slots: QueueSlot[]): Promise<SavedQueue> =>
      (await call(queueApi.save, { body: { slots, timeZone: browserTimeZone() } })).data,
    onSuccess: (queue) => {
      client.setQueryData(queueKeys.queue, queue);
      if (queue.rescheduled) void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export interface AddToQueueInput {
  content: string;
  firstComment?: string;
  mediaIds?: string[];
  draftId?: string | null;
  /** A company page's identity to post as; the member when left out. */
  identity?: string;
  /** The same for every attempt of one adding, so a repeat queues one post. */
  idempotencyKey?: string;
}

/** `POST /api/v1/queue/posts`: the post goes to the next free slot. */
export function useAddToQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddToQueueInput) =>
      (
        await call(queueApi.add, {
          body: {
            content: input.content,
            ...(input.firstComment ? { firstComment: input.firstComment } : {}),
            ...(input.mediaIds?.length ? { mediaIds: input.mediaIds } : {}),
            ...(input.draftId ? { draftId: input.draftId } : {}),
            ...(input.identity ? { identity: input.identity } : {}),
          },
          init: onceWithKey(input.idempotencyKey),
        })
      ).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: queueKeys.queue });
      void client.invalidateQueries({ queryKey: ['drafts'] });
    },
  });
}
