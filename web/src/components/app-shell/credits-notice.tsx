import { CREDITS, type Entitlement } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

export interface Credits {
  remaining: number;
  total: number;
}

/**
 * The sidebar's AI-credit notice. The spec shows a static '60 / 100', which says nothing true;
 * the balance comes from `GET /api/v1/ai/credits` (the sidebar asks). Until a balance is known,
 * or when that call fails, the notice explains credits without showing numbers. Under it, the
 * caller's plan and the AI credits it gives each period (from `GET /api/v1/billing/me`).
 */
export function CreditsNotice({
  credits,
  collapsed,
  entitlement,
}: {
  credits?: Credits | null;
  collapsed?: boolean;
  entitlement?: Entitlement | null;
}) {
  const { t, i18n } = useTranslation('shell');
  const planLine = entitlement
    ? t('credits.plan', {
        plan: t(`billing:plans.${entitlement.plan}`),
        count: entitlement.limits.aiCredits,
        credits: formatNumber(entitlement.limits.aiCredits, i18n.language),
      })
    : null;
  const known = credits && credits.total > 0 ? credits : null;
  const summary = known
    ? t('credits.balance', {
        remaining: formatNumber(known.remaining, i18n.language),
        total: formatNumber(known.total, i18n.language),
      })
    : t('credits.title');

  if (collapsed) {
    return (
      <div
        title={summary}
        className="mx-auto flex size-10 items-center justify-center rounded-xl bg-amber-50 text-amber-600"
        data-testid="credits-notice"
      >
        <Zap aria-hidden="true" className="size-5" />
        <span className="sr-only">
          {summary}
          {planLine ? ` — ${planLine}` : ''}
        </span>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="credits-notice-title"
      className="rounded-2xl border border-amber-100 bg-gradient-to-br from-amber-50 to-white p-4"
      data-testid="credits-notice"
    >
      <h2 id="credits-notice-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Zap aria-hidden="true" className="size-4 text-amber-500" />
        {t('credits.title')}
      </h2>
      {known && (
        <>
          <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="credits-balance">
            {t('credits.balance', {
              remaining: formatNumber(known.remaining, i18n.language),
              total: formatNumber(known.total, i18n.language),
            })}
          </p>
          <div
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-amber-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={known.total}
            aria-valuenow={known.remaining}
            aria-label={t('credits.title')}
          >
            <div
              className="h-full rounded-full bg-amber-500"
              style={{ width: `${Math.min(100, Math.round((known.remaining / known.total) * 100))}%` }}
            />
          </div>
        </>
      )}
      {planLine && (
        <Link
          to="/billing"
          className="mt-2 block text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
          data-testid="credits-plan"
        >
          {planLine}
        </Link>
      )}
      <p className="mt-2 text-xs leading-5 text-slate-600" data-testid="credits-rule">
        {t('common:credits.rule', { cost: CREDITS.costPerPost })} {t('credits.explain')}
      </p>
    </section>
  );
}
