import { POST_ERROR_CODES, type Post } from '@nashr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { postsApi } from '../../lib/api/catalogue';
import { call, onceWithKey } from '../../lib/api/client';
import { draftKeys } from '../../lib/api/drafts';
import { useMutation } from '../../lib/api/mutation';
import { postKeys } from '../../lib/api/posts';
import { browserTimeZone } from '../../lib/time-zone';

export interface PublishResult {
  /** 'published', or 'publishing' when the network had not confirmed within the service's wait. */
  status: Post['status'];
  post: Post;
}

export interface PublishInput {
  content: string;
  /** The same for every attempt to publish one text, so a retry never posts it twice. */
  idempotencyKey?: string;
  /** Posted under the post right after it goes out; blank for none. */
  firstComment?: string;
  /** The server draft this post is made from: deleted once the post exists. */
  draftId?: string | null;
  /** Uploaded images the post carries, in order. */
  mediaIds?: string[];
  /** A company page's identity to post as; the member when left out. */
  identity?: string;
}

/**
 * `POST /linkedln/createPost` (the composer's Post button): publishes now. The spec's payload
 * carries the text JSON-encoded, which also keeps a post that starts and ends with quotes intact.
 * A refusal rejects with an ApiError `post.publish_failed` (answered with 422), the network's words in `params.reason`.
 */
export function usePublishNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      idempotencyKey,
      firstComment,
      draftId,
      mediaIds,
      identity,
    }: PublishInput): Promise<PublishResult> => {
      const answer = await call(postsApi.publishNow, {
        body: {
          text: JSON.stringify(content),
          visibility: 'PUBLIC',
          timeZone: browserTimeZone(),
          ...(firstComment ? { firstComment } : {}),
          ...(draftId ? { draftId } : {}),
          ...(mediaIds?.length ? { mediaIds } : {}),
          ...(identity ? { identity } : {}),
        },
        failureCode: POST_ERROR_CODES.publishFailed,
        init: onceWithKey(idempotencyKey),
      });
      return { status: answer.data.status, post: answer.data };
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: draftKeys.all });
      void client.invalidateQueries({ queryKey: ['linkedin', 'posts'] });
      void client.invalidateQueries({ queryKey: ['linkedin', 'dashboard'] });
    },
  });
}
