import { BadgeCheck, CalendarClock, Info, ListPlus, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { ReviewStateBadge, SendForReviewButton } from '../review';
import { useMaySchedule, useRoleHere } from '../workspaces';
import type { ComposerReview } from './use-composer-review';

const sendForReviewClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * 'Send for review' in the footer, with where the draft stands: offered once the draft is saved as
 * shown, in a state it may be sent from; a draft in review says so instead.
 */
function ReviewStep({ review, canSend }: { review: ComposerReview; canSend: boolean }) {
  const { t } = useTranslation('composer');
  const { submittable, state } = review;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end" data-testid="composer-review">
      {state && <ReviewStateBadge state={state} />}
      {state === 'in_review' ? (
        <p className="text-sm text-slate-600">{t('review.inReview')}</p>
      ) : state === 'approved' ? (
        <p className="text-sm text-emerald-800" data-testid="composer-approved-note">
          {t('review.approvedEdit')}
        </p>
      ) : (
        <>
          {!submittable && canSend && (
            <p className="text-sm text-slate-600" data-testid="composer-review-saving">
              {t('review.saveFirst')}
            </p>
          )}
          <SendForReviewButton
            draftId={submittable?.id ?? ''}
            version={submittable?.version ?? 1}
            disabled={!submittable || !canSend}
            className={sendForReviewClass}
          />
        </>
      )}
    </div>
  );
}

/**
 * The composer's footer: 'Add to queue', 'Schedule' and 'Post'; in a workspace where the account
 * may not schedule (a contributor or a viewer), what its role does there instead, and for a
 * contributor 'Send for review'. Where the workspace publishes only approved drafts, a draft not
 * approved at its current version is sent for review instead of published.
 */
export function ComposerActions({
  canSend,
  posting,
  queueing,
  review,
  onQueue,
  onSchedule,
  onPost,
}: {
  canSend: boolean;
  posting: boolean;
  queueing: boolean;
  review: ComposerReview;
  onQueue: () => void;
  onSchedule: () => void;
  onPost: () => void;
}) {
  const { t } = useTranslation('composer');
  const role = useRoleHere();
  const maySchedule = useMaySchedule();
  const footer = 'flex flex-col gap-3 border-t border-slate-100 bg-white px-5 py-4 sm:px-6';
  if (!maySchedule) {
    return (
      <div className={footer}>
        <p className="flex items-start gap-2 text-sm text-slate-600" data-testid="composer-role-note">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {role === 'viewer' ? t('actions.viewerNote') : t('actions.contributorNote')}
        </p>
        {role === 'contributor' && <ReviewStep review={review} canSend={canSend} />}
      </div>
    );
  }
  if (review.required && !review.approved) {
    return (
      <div className={footer}>
        <p className="flex items-start gap-2 text-sm text-slate-600" data-testid="composer-approval-note">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {t('review.required')}
        </p>
        <ReviewStep review={review} canSend={canSend} />
      </div>
    );
  }
  return (
    <div className={footer}>
      {review.approved && (
        <p className="flex items-start gap-2 text-sm text-emerald-800" data-testid="composer-approved-note">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('review.approvedEdit')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button
          onClick={onQueue}
          disabled={!canSend || queueing}
          aria-busy={queueing}
          variant="secondary"
          size="lg"
          data-testid="composer-queue"
        >
          {queueing ? <Spinner className="size-4 border-2" /> : <ListPlus aria-hidden="true" className="size-4" />}
          {t('actions.queue')}
        </Button>
        <Button onClick={onSchedule} disabled={!canSend} variant="secondary" size="lg" data-testid="composer-schedule">
          <CalendarClock aria-hidden="true" className="size-4" />
          {t('actions.schedule')}
        </Button>
        <Button
          onClick={onPost}
          disabled={!canSend}
          aria-busy={posting}
          variant="primary"
          size="lg"
          data-testid="composer-post"
        >
          {posting ? (
            <Spinner className="size-4 border-2 border-white/40 border-t-white" />
          ) : (
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          )}
          {posting ? t('actions.posting') : t('actions.post')}
        </Button>
      </div>
    </div>
  );
}
