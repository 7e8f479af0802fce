import { ACCOUNT_ERROR_CODES, deleteAccountRequestSchema, type Entitlement, type PlanId } from '@nashr/contracts';
import { Download, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntitlement } from '../../lib/api/billing';
import { codeText, errorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';
import { useDeleteAccount, useDownloadMyData } from './account-data-api';

/** The paid plan a deletion would cancel at once: one the provider manages and that has not ended. */
export function planCancelledByDeletion(entitlement: Entitlement | undefined): PlanId | null {
  if (!entitlement?.provider || entitlement.plan === 'trial' || entitlement.status === 'expired') return null;
  return entitlement.plan;
}

/** Said above the confirmation: which plan is cancelled, and that it is at once. */
export function DeletionCancelsPlan({ plan }: { plan: PlanId }) {
  const { t } = useTranslation('account');
  return (
    <p data-testid="delete-subscription-notice" className="text-sm font-medium text-red-900">
      {t('delete.subscription', { plan: t(`billing:plans.${plan}`) })}
    </p>
  );
}

/**
 * The confirmation as the catalogue's schema takes it, with the rule the service applies after it:
 * the account's own address, in any case. A refusal carries the service's answer code.
 */
function confirmationSchema(email: string) {
  return deleteAccountRequestSchema.refine(({ confirmation }) => confirmation.toLowerCase() === email.toLowerCase(), {
    path: ['confirmation'],
    message: ACCOUNT_ERROR_CODES.confirmationMismatch,
    params: { answerCode: ACCOUNT_ERROR_CODES.confirmationMismatch },
  });
}

/** 'Your data' on the settings screen: download everything, or delete the account after typing its e-mail. */
export function YourDataSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation('account');
  const download = useDownloadMyData();
  const remove = useDeleteAccount();
  const entitlement = useEntitlement();
  // A paid plan still running: deleting the account cancels it at the provider at once.
  const paid = planCancelledByDeletion(entitlement.data);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const schema = useMemo(() => confirmationSchema(email), [email]);
  const form = useSchemaForm(schema, { defaultValues: { confirmation: '' } });
  const submit = form.handleSubmit((input) => remove.mutate(input));
  // Empty, or another address than the account's: the service's one sentence for both.
  const problem =
    (form.formState.errors.confirmation && codeText(i18n, ACCOUNT_ERROR_CODES.confirmationMismatch)) ??
    (remove.isError ? errorText(remove.error) : null);
  const problemId = `${inputId}-problem`;

  return (
    <section
      data-testid="your-data"
      aria-labelledby={`${inputId}-title`}
      className="mt-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${inputId}-title`} className="text-xl font-bold text-ink">
        {t('title')}
      </h2>
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 pb-6">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-ink">{t('download.title')}</h3>
          <p className="mt-1 text-sm text-slate-600">{t('download.text')}</p>
          {download.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errorText(download.error)}
            </p>
          )}
        </div>
        <button
          type="button"
          data-testid="download-data"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {download.isPending ? (
            <Spinner className="size-4 border-2" label={t('download.preparing')} />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          {download.isPending ? t('download.preparing') : t('download.button')}
        </button>
      </div>
      <div className="pt-6">
        <h3 className="font-semibold text-red-800">{t('delete.title')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('delete.text')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('delete.workspaces')}</p>
        {/* Said before the button, not only in the confirmation: the plan goes with the account, at once. */}
        {paid && (
          <div className="mt-2">
            <DeletionCancelsPlan plan={paid} />
          </div>
        )}
        {!confirming ? (
          <button
            type="button"
            data-testid="delete-account"
            onClick={() => setConfirming(true)}
            className="mt-4 inline-flex items-center gap-2 rounded-xl border border-red-300 bg-white px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('delete.button')}
          </button>
        ) : (
          <form className="mt-4 space-y-3 rounded-2xl bg-red-50 p-4" onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="block text-sm font-medium text-red-900">
              {t('delete.confirmLabel', { email })}
            </label>
            <input
              id={inputId}
              data-testid="delete-confirmation"
              type="email"
              dir="ltr"
              autoComplete="off"
              {...form.register('confirmation')}
              {...fieldProblemProps(problemId, problem)}
              className="w-full rounded-xl border border-red-200 bg-white px-4 py-2.5 text-start text-ink"
            />
            <FieldProblem id={problemId} problem={problem} data-testid="delete-confirmation-problem" />
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  form.reset();
                }}
                disabled={remove.isPending}
                className="rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              >
                {t('delete.cancel')}
              </button>
              <button
                type="submit"
                data-testid="delete-account-confirm"
                disabled={remove.isPending}
                className="inline-flex items-center gap-2 rounded-xl bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500"
              >
                {remove.isPending && <Spinner className="size-4 border-2" label={t('delete.deleting')} />}
                {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
