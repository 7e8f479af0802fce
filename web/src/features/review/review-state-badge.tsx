import type { DraftReviewState } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';

const TONES: Record<DraftReviewState, string> = {
  draft: 'bg-slate-100 text-slate-700',
  in_review: 'bg-amber-100 text-amber-800',
  changes_requested: 'bg-red-100 text-red-800',
  approved: 'bg-emerald-100 text-emerald-800',
};

/** Where a draft stands in its workspace's review, in words (never by colour alone). */
export function ReviewStateBadge({ state }: { state: DraftReviewState }) {
  const { t } = useTranslation('review');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`}
      data-testid="review-state"
      data-state={state}
    >
      <span className="sr-only">{t('state.label')}: </span>
      {t(`state.${state}`)}
    </span>
  );
}

/** A draft's comments, counted with the language's plural forms. */
export function CommentCount({ count }: { count: number }) {
  const { t } = useTranslation('review');
  return (
    <span className="text-xs text-slate-500" data-testid="comment-count" data-count={count}>
      {t('commentCount', { count })}
    </span>
  );
}
