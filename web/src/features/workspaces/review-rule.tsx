import { REVIEWER_ROLE, roleAtLeast, type Workspace } from '@nashr/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useReviewSettings, useSaveReviewSettings } from '../../lib/api/review';
import { errorText } from '../../lib/error-text';
import { Loaded } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';

/**
 * The workspace's approval rule: the owner and admins turn it on or off with a switch, the other
 * members read whether it applies. Asked of the workspace shown, whichever one the tab works in.
 */
export function ReviewRule({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const id = useId();
  const settings = useReviewSettings(workspace.id);
  const save = useSaveReviewSettings(workspace.id);
  const manages = roleAtLeast(workspace.role, REVIEWER_ROLE);

  const toggle = async (requiresApproval: boolean) => {
    try {
      await save.mutateAsync({ requiresApproval });
      toast.success(requiresApproval ? t('screen.review.turnedOn') : t('screen.review.turnedOff'));
    } catch (error) {
      toast.error(t('screen.review.failed'), { description: errorText(error) });
    }
  };

  return (
    <section className="mt-5 border-t border-slate-100 pt-5" aria-labelledby={`${id}-title`} data-testid="review-rule">
      <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
        {t('screen.review.title')}
      </h3>
      <p id={`${id}-explain`} className="mt-1 text-sm text-slate-600">
        {t('screen.review.explain')}
      </p>
      <Loaded query={settings}>
        {({ requiresApproval }) =>
          manages ? (
            <div className="mt-3 flex items-center gap-3">
              <button
                type="button"
                role="switch"
                id={`${id}-switch`}
                aria-checked={requiresApproval}
                aria-describedby={`${id}-explain`}
                aria-busy={save.isPending}
                disabled={save.isPending}
                onClick={() => void toggle(!requiresApproval)}
                className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition disabled:opacity-60 ${
                  requiresApproval ? 'bg-brand-600' : 'bg-slate-300'
                }`}
                data-testid="review-rule-switch"
              >
                <span
                  aria-hidden="true"
                  className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
                    requiresApproval ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'
                  }`}
                />
              </button>
              <label htmlFor={`${id}-switch`} className="text-sm font-medium text-slate-800">
                {t('screen.review.label')}
              </label>
              {save.isPending && <Spinner className="size-4 border-2" label={t('screen.review.saving')} />}
            </div>
          ) : (
            <p className="mt-3 text-sm font-medium text-slate-800" data-testid="review-rule-state">
              {requiresApproval ? t('screen.review.isOn') : t('screen.review.isOff')}
            </p>
          )
        }
      </Loaded>
    </section>
  );
}
