import { LINKEDIN_ERROR_CODES } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Link2, ListOrdered, Pencil, RotateCw, Trash2, TriangleAlert, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OAUTH_START_PATH } from '../../lib/api/linkedin';
import { type PostView, useMoveToConnectedAccount, useRetryPost } from '../../lib/api/posts';
import { codeText } from '../../lib/error-text';
import { formatClock, formatDay } from '../../lib/format';
import { sayOutcome } from '../../lib/say-outcome';
import { browserTimeZone } from '../../lib/time-zone';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useCurrentWorkspace } from '../../session/current-workspace';
import { HijriDate } from '../../ui/hijri-date';
import { IconButton } from '../../ui/icon-button';
import { Spinner } from '../../ui/spinner';
import { PostHistoryButton } from '../review';
import { LinkedInLink, PageBadge, PostAttachments, PostText } from './post-card-parts';
import { PostStatusBadges } from './status-badge';

export const canChange = (post: PostView) => post.status === 'scheduled' || post.status === 'failed';

/** A post refused because it was written for another LinkedIn member than the one connected now. */
const forAnotherMember = (post: PostView) => post.failureCode === LINKEDIN_ERROR_CODES.identityChanged;

/**
 * Retry of a failed post: it goes out again now. One refused as written for another member goes
 * out as the connected one (the server moves it), and the button says so.
 */
export function RetryButton({ post }: { post: PostView }) {
  const { t } = useTranslation('posts');
  const label = forAnotherMember(post) ? t('card.publishAsConnected') : t('card.retry');
  const retry = useRetryPost();
  const oneAtATime = useOneAtATime();
  const onRetry = () =>
    oneAtATime(() =>
      sayOutcome(
        () => retry.mutateAsync(post),
        () => t('server.retrying'),
      ),
    );
  return (
    <button
      type="button"
      onClick={onRetry}
      disabled={retry.isPending}
      data-testid="retry-post"
      className="inline-flex items-center gap-1.5 rounded-lg bg-red-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-700 disabled:opacity-60"
    >
      {retry.isPending ? (
        <Spinner className="size-3.5 border-2" />
      ) : (
        <RotateCw aria-hidden="true" className="size-3.5" />
      )}
      {retry.isPending ? t('card.retrying') : label}
    </button>
  );
}

/** Why a post failed, and Retry. */
export function FailureNote({ post }: { post: PostView }) {
  const { t, i18n } = useTranslation('posts');
  return (
    <div
      className="flex flex-wrap items-start gap-3 rounded-xl bg-red-50 px-4 py-3 ring-1 ring-red-100"
      data-testid="failure-note"
    >
      <div className="min-w-[min(100%,14rem)] flex-1 text-sm">
        <p className="font-semibold text-red-800">{t('card.failedTitle')}</p>
        <p className="mt-0.5 text-red-700">{codeText(i18n, post.failureCode) ?? t('card.failedUnknown')}</p>
      </div>
      <RetryButton post={post} />
    </div>
  );
}

const reconnectClass =
  'inline-flex items-center gap-1.5 rounded-lg bg-amber-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700';

/**
 * Why a scheduled post cannot go out as it stands, and the one fix: reconnecting (its LinkedIn
 * connection will have expired by its time, or was lost), which clears it and keeps the post and
 * its time; or, for a post written for another member than the one connected now, moving it.
 */
export function AttentionNote({ post }: { post: PostView }) {
  const { t, i18n } = useTranslation('posts');
  if (post.status !== 'scheduled' || !post.attention) return null;
  return (
    <div
      className="flex flex-wrap items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
      data-testid="attention-note"
      data-cause={post.attention.cause}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="min-w-[min(100%,14rem)] flex-1 text-sm">
        <p className="font-semibold text-amber-900">{t('card.attentionTitle')}</p>
        <p className="mt-0.5 text-amber-800" data-testid="attention-reason">
          {codeText(i18n, post.attention.code) ?? t('card.attentionUnknown')}
        </p>
      </div>
      {post.attention.cause === 'identity_changed' ? (
        <MoveToConnectedButton post={post} />
      ) : post.attention.cause === 'connection_expires' ? (
        // Still connected: a new token comes from the network's own page, and brings the user back.
        <a href={`${OAUTH_START_PATH}?display=page`} data-testid="attention-reconnect" className={reconnectClass}>
          <Link2 aria-hidden="true" className="size-3.5" />
          {t('card.reconnect')}
        </a>
      ) : (
        <Link to="/connect-linkedIn" preload="intent" data-testid="attention-reconnect" className={reconnectClass}>
          <Link2 aria-hidden="true" className="size-3.5" />
          {t('card.reconnect')}
        </Link>
      )}
    </div>
  );
}

/**
 * A scheduled post written for another LinkedIn member than the one connected now: the user may
 * send it out as the connected one (or connect that member again, which clears the note by itself).
 */
function MoveToConnectedButton({ post }: { post: PostView }) {
  const { t } = useTranslation('posts');
  const move = useMoveToConnectedAccount();
  const oneAtATime = useOneAtATime();
  const moveAndSay = () =>
    sayOutcome(
      () => move.mutateAsync(post),
      () => t('server.movedToConnectedAccount'),
    );
  return (
    <button
      type="button"
      onClick={() => oneAtATime(moveAndSay)}
      disabled={move.isPending}
      data-testid="attention-move"
      className={`${reconnectClass} disabled:opacity-60`}
    >
      {move.isPending ? (
        <Spinner className="size-3.5 border-2" />
      ) : (
        <UserCheck aria-hidden="true" className="size-3.5" />
      )}
      {t('card.publishAsConnected')}
    </button>
  );
}

/** A post going out now, or, when the network asked to wait (its daily limit), when it is tried again. */
export function PublishingNote({ post }: { post: PostView }) {
  const { t, i18n } = useTranslation('posts');
  if (post.status !== 'publishing') return null;
  if (!post.retryAt) {
    return (
      <p className="text-sm text-amber-800" role="status">
        {t('card.publishingNote')}
      </p>
    );
  }
  return (
    <p className="text-sm text-amber-800" role="status" data-testid="retry-at" data-retry-at={post.retryAt}>
      {t('card.retryAt', {
        date: formatDay(post.retryAt, i18n.language),
        time: formatClock(post.retryAt, i18n.language),
      })}
    </p>
  );
}

/** A card of the Scheduled tab: 'Scheduled for {date} at {time}', the status, the content. */
export function ScheduledPostCard({
  post,
  onEdit,
  onDelete,
}: {
  post: PostView;
  onEdit: (post: PostView) => void;
  onDelete: (post: PostView) => void;
}) {
  const { t, i18n } = useTranslation('posts');
  const otherZone = post.timeZone !== browserTimeZone();
  // Who wrote, approved and scheduled it matters where several people work.
  const shared = useCurrentWorkspace() !== null;
  return (
    <article
      data-testid="scheduled-post"
      data-post-id={post.id}
      data-status={post.status}
      data-attention={post.status === 'scheduled' && post.attention ? post.attention.cause : undefined}
      className={`rounded-2xl border bg-white p-5 shadow-sm transition hover:shadow-md data-[highlighted=true]:ring-2 data-[highlighted=true]:ring-brand-500 ${post.status === 'failed' ? 'border-red-200' : post.status === 'scheduled' && post.attention ? 'border-amber-300' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink" data-testid="scheduled-for">
            {t('scheduledFor', {
              date: formatDay(post.scheduledAt, i18n.language),
              time: formatClock(post.scheduledAt, i18n.language),
            })}
          </p>
          <HijriDate instant={post.scheduledAt} />
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <PostStatusBadges post={post} />
            {post.queued && post.status === 'scheduled' && (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700"
                title={t('card.queuedHint')}
                data-testid="queued-badge"
              >
                <ListOrdered aria-hidden="true" className="size-3.5" />
                {t('card.queued')}
              </span>
            )}
            <PageBadge identity={post.identity ?? null} />
            {otherZone && (
              <span className="text-xs text-slate-500">
                {t('card.zoneNote', { zone: post.timeZone.replaceAll('_', ' ') })}
              </span>
            )}
          </div>
        </div>
        <div className="-me-2 flex items-center">
          {shared && <PostHistoryButton postId={post.id} />}
          {canChange(post) && (
            <>
              <IconButton label={t('card.edit')} icon={Pencil} onClick={() => onEdit(post)} testId="edit-post" />
              <IconButton
                label={t('card.delete')}
                icon={Trash2}
                danger
                onClick={() => onDelete(post)}
                testId="delete-post"
              />
            </>
          )}
          {post.url && <LinkedInLink href={post.url} />}
        </div>
      </header>
      <PostText text={post.content} lines={6} />
      <PostAttachments media={post.media ?? []} />
      {post.status === 'failed' && (
        <div className="mt-4">
          <FailureNote post={post} />
        </div>
      )}
      {post.status === 'scheduled' && post.attention && (
        <div className="mt-4">
          <AttentionNote post={post} />
        </div>
      )}
      {post.status === 'publishing' && (
        <div className="mt-4">
          <PublishingNote post={post} />
        </div>
      )}
    </article>
  );
}
