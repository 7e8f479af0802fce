import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { publishFailureText } from './draft-failure';
import { usePublishNow } from './publish-api';

/** The first comment to post under it, and the server draft the post is made from (then deleted). */
export interface PostExtras {
  firstComment?: string;
  draftId?: string | null;
  /** Uploaded images the post carries, in order. */
  mediaIds?: string[];
  /** A company page's identity to post as; the member when left out. */
  identity?: string;
}

/**
 * 'Post' now: publishes once per click, and the same text tried again (after a lost answer) with
 * the same idempotency key, so it is never posted twice. `error` is null, or the network's reason
 * ('' when it gave none) until dismissed.
 */
export function usePostNow(onPosted: () => void) {
  const { t } = useTranslation('composer');
  const publish = usePublishNow();
  const oneAtATime = useOneAtATime();
  const publishKey = useRef<{ content: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const postNow = async (content: string, extras: PostExtras) => {
    setError(null);
    if (publishKey.current?.content !== content) publishKey.current = { content, key: crypto.randomUUID() };
    try {
      const result = await publish.mutateAsync({ content, ...extras, idempotencyKey: publishKey.current.key });
      toast.success(t(result.status === 'published' ? 'post.success' : 'post.stillPublishing'));
      onPosted();
    } catch (failure) {
      const reason = publishFailureText(failure);
      setError(reason);
      toast.error(t('post.error'), reason ? { description: reason } : undefined);
    }
  };

  return {
    post: (content: string, extras: PostExtras = {}) => oneAtATime(() => postNow(content, extras)),
    isPending: publish.isPending,
    error,
    clearError: () => setError(null),
  };
}
