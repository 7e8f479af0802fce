import type { PostDraft } from '@nashr/contracts';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSubmitForReview } from '../../lib/api/review';
import { errorText } from '../../lib/error-text';
import { Spinner } from '../../ui/spinner';

/** A draft may be sent for review from these states (the server refuses the others). */
export const sendsForReview = (draft: Pick<PostDraft, 'reviewState'>) =>
  draft.reviewState === 'draft' || draft.reviewState === 'changes_requested';

/**
 * 'Send for review': the draft at the version shown (`version`), so a draft saved meanwhile
 * elsewhere is refused rather than sent unread. The outcome is said in a toast (read out).
 */
export function SendForReviewButton({
  draftId,
  version,
  disabled = false,
  className,
  onSent,
}: {
  draftId: string;
  version: number;
  disabled?: boolean;
  className: string;
  onSent?: () => void;
}) {
  const { t } = useTranslation('review');
  const submit = useSubmitForReview();
  const send = async () => {
    try {
      await submit.mutateAsync({ id: draftId, version });
      toast.success(t('submit.done'));
      onSent?.();
    } catch (error) {
      toast.error(t('submit.failed'), { description: errorText(error) });
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void send()}
      disabled={disabled || submit.isPending}
      aria-busy={submit.isPending}
      data-testid="send-for-review"
    >
      {submit.isPending ? (
        <Spinner className="size-4 border-2" />
      ) : (
        <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      )}
      {submit.isPending ? t('submit.sending') : t('submit.action')}
    </button>
  );
}
