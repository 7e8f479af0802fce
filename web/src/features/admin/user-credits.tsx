import type { AdminUser } from '@nashr/contracts';
import { adminUserQuerySchema, CREDITS, grantCreditsRequestSchema } from '@nashr/contracts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../lib/error-text';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSentForm } from '../../lib/use-sent-form';
import { Button } from '../../ui/button';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';
import { useAdminUser, useAdminUserCredits, useAdminUserPlan, useGrantCredits } from './admin-users-api';
import { inputClass } from './fields';

/** The admin area's look at one user: find them by address, see their plan and credits, grant AI credits. */
export function UserCredits() {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const [email, setEmail] = useState<string | null>(null);
  const user = useAdminUser(email);
  // The address is checked as the API checks it (trimmed, lower case), and said in the page's language.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(adminUserQuerySchema, { defaultValues: { email: '' } });
  const submit = handleSubmit((values) => setEmail(values.email));
  const problemId = `${inputId}-problem`;

  return (
    <section data-testid="admin-users" aria-labelledby="admin-users-title" className="mt-10">
      <h2 id="admin-users-title" className="text-xl font-bold text-ink">
        {t('users.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('users.subtitle')}</p>
      <form onSubmit={submit} noValidate className="mt-4 flex max-w-xl flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('users.email')}
          </label>
          <input
            id={inputId}
            type="email"
            dir="ltr"
            {...register('email')}
            className={inputClass}
            {...fieldProblemProps(problemId, errors.email)}
            data-testid="admin-user-email"
          />
        </div>
        <Button type="submit" variant="primary" data-testid="admin-user-find">
          <Search aria-hidden="true" className="size-4" />
          {t('users.find')}
        </Button>
        <FieldProblem
          id={problemId}
          problem={errors.email && t('users.emailInvalid')}
          data-testid="admin-user-email-problem"
        />
      </form>
      <div className="mt-4" aria-live="polite">
        {email && user.isPending && <Spinner className="size-5 border-2" label={t('users.loading')} />}
        {user.isError && (
          <p role="alert" className="text-sm text-red-700" data-testid="admin-user-error">
            {errorText(user.error)}
          </p>
        )}
        {user.data && <UserCard user={user.data} />}
      </div>
    </section>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation(['admin', 'billing']);
  const plan = useAdminUserPlan(user.id);
  const credits = useAdminUserCredits(user.id);
  const when = (instant: string | null) => (instant ? formatDateTime(instant, i18n.language) : '—');
  const number = (value: number) => formatNumber(value, i18n.language);
  const entitlement = plan.data;

  return (
    <article
      className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="admin-user-card"
      aria-label={user.email}
    >
      <p className="font-semibold" dir="ltr">
        {user.email}
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t('users.plan')}</dt>
          <dd className="font-medium" data-testid="admin-user-plan">
            {plan.isPending && <Spinner className="size-4 border-2" label={t('users.loading')} />}
            {plan.isError && <span role="alert">{errorText(plan.error)}</span>}
            {entitlement && `${t(`billing:plans.${entitlement.plan}`)} · ${t(`users.status.${entitlement.status}`)}`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">
            {entitlement?.status === 'trialing' ? t('users.trialEnds') : t('users.periodEnds')}
          </dt>
          <dd className="font-medium" data-testid="admin-user-period-end">
            {entitlement
              ? when(entitlement.status === 'trialing' ? entitlement.trialEndsAt : entitlement.currentPeriodEnd)
              : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('users.aiCredits')}</dt>
          <dd className="font-medium" data-testid="admin-user-ai-credits">
            {credits.isPending && <Spinner className="size-4 border-2" label={t('users.loading')} />}
            {credits.isError && <span role="alert">{errorText(credits.error)}</span>}
            {credits.data &&
              t('users.left', { remaining: number(credits.data.remaining), total: number(credits.data.total) })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('users.commentingCredits')}</dt>
          <dd className="font-medium" data-testid="admin-user-commenting-credits">
            {entitlement
              ? t('users.left', {
                  remaining: number(entitlement.limits.commentingCredits),
                  total: number(entitlement.limits.commentingCredits),
                })
              : '—'}
          </dd>
        </div>
      </dl>
      <GrantForm userId={user.id} />
    </article>
  );
}

function GrantForm({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const inputId = useId();
  const grant = useGrantCredits(userId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(grantCreditsRequestSchema, { defaultValues: { amount: undefined } });
  const { submit, refusal } = useSentForm(
    handleSubmit,
    { isPending: grant.isPending, mutateAsync: ({ amount }: { amount: number }) => grant.mutateAsync(amount) },
    (data) => {
      toast.success(t('users.granted', { remaining: formatNumber(data.remaining, i18n.language) }));
      reset();
    },
  );
  // The schema's one rule in words: a whole number within what a grant may give.
  const problem = errors.amount
    ? t('users.grantRange', { min: formatNumber(1, i18n.language), max: formatNumber(CREDITS.maxGrant, i18n.language) })
    : refusal;
  const problemId = `${inputId}-problem`;

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('users.grantAmount')}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={CREDITS.maxGrant}
          step={1}
          {...register('amount', { valueAsNumber: true })}
          className={`${inputClass} w-40`}
          {...fieldProblemProps(problemId, problem)}
          data-testid="admin-grant-amount"
        />
      </div>
      <Button type="submit" disabled={grant.isPending} variant="secondary" data-testid="admin-grant">
        {t('users.grant')}
      </Button>
      <FieldProblem id={problemId} problem={problem} data-testid="admin-grant-problem" />
    </form>
  );
}
