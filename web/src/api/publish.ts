import { createPostResponseSchema, type Post } from '@nashr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { browserTimeZone, postKeys } from './posts';

export interface PublishResult {
  /** 'published', or 'publishing' when the network had not confirmed within the service's wait. */
  status: Post['status'];
  message: string;
  post: Post;
}

/**
 * `POST /linkedln/createPost` (the composer's Post button): publishes now. The spec's payload
 * carries the text JSON-encoded, which also keeps a post that starts and ends with quotes intact.
 * A refusal rejects with the network's reason as the message (answered with 422).
 */
export function usePublishNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (content: string): Promise<PublishResult> => {
      const answer = await api<unknown>('POST', '/linkedln/createPost', {
        text: JSON.stringify(content),
        visibility: 'PUBLIC',
        timeZone: browserTimeZone(),
      });
      const parsed = createPostResponseSchema.safeParse(answer);
      if (!parsed.success) {
        const message = (answer as { message?: unknown } | null)?.message;
        throw new ApiError(typeof message === 'string' && message ? message : 'Error posting to LinkedIn', 200);
      }
      return { status: parsed.data.data.status, message: parsed.data.message, post: parsed.data.data };
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: ['linkedin', 'posts'] });
      void client.invalidateQueries({ queryKey: ['linkedin', 'dashboard'] });
    },
  });
}
