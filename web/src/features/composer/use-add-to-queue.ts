import { QUEUE_ERROR_CODES } from '@nashr/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api/client';
import { useAddToQueue } from '../../lib/api/queue';
import { errorText } from '../../lib/error-text';
import { formatClock, formatDay } from '../../lib/format';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import type { PostExtras } from './use-post-now';

/**
 * 'Add to queue': the post goes to the next free slot of the user's weekly queue. The same text
 * tried again (after a lost answer) carries the same idempotency key, so it is queued once.
 */
export function useQueuePost(onQueued: () => void) {
  const { t, i18n } = useTranslation('composer');
  const add = useAddToQueue();
  const navigate = useNavigate();
  const oneAtATime = useOneAtATime();
  const key = useRef<{ content: string; key: string } | null>(null);

  const queue = async (content: string, extras: PostExtras) => {
    if (key.current?.content !== content) key.current = { content, key: crypto.randomUUID() };
    try {
      const post = await add.mutateAsync({ content, ...extras, idempotencyKey: key.current.key });
      toast.success(
        t('queue.added', {
          date: formatDay(post.scheduledAt, i18n.language),
          time: formatClock(post.scheduledAt, i18n.language),
        }),
      );
      onQueued();
    } catch (failure) {
      const noSlots = failure instanceof ApiError && failure.code === QUEUE_ERROR_CODES.noSlots;
      toast.error(t('queue.failed'), {
        description: errorText(failure),
        ...(noSlots
          ? {
              action: {
                label: t('queue.setUp'),
                onClick: () => void navigate({ to: '/personalization', hash: 'queue' }),
              },
            }
          : {}),
      });
    }
  };

  return {
    queue: (content: string, extras: PostExtras = {}) => oneAtATime(() => queue(content, extras)),
    isPending: add.isPending,
  };
}
