import { CREDITS, type Entitlement } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { MessageSquare, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

export interface Credits {
  remaining: number;
  total: number;
  /** The day's free drafts on the standard model (AI credits only), told once the credits are spent. */
  freeToday?: { remaining: number; limit: number };
}

/**
 * The sidebar's AI-credit notice, and under it the commenting credits when the plan includes
 * Engage (`GET /api/v1/engage/allowance`). The spec shows a static '60 / 100', which says nothing true;
 * the balance comes from `GET /api/v1/ai/credits` (the sidebar asks). Until a balance is known,
 * or when that call fails, the notice explains credits without showing numbers. Under it, the
 * caller's plan and the AI credits it gives each period (from `GET /api/v1/billing/me`).
 */
export function CreditsNotice({
  credits,
  commenting,
  collapsed,
  entitlement,
}: {
  credits?: Credits | null;
  /** Left this period of the plan's commenting credits; null when the plan has none (or not known yet). */
  commenting?: Credits | null;
  collapsed?: boolean;
  entitlement?: Entitlement | null;
}) {
  const { t, i18n } = useTranslation('shell');
  // The trial's credits are given once, for the whole trial; a plan's renew each month.
  const planLine = entitlement
    ? t(entitlement.plan === 'trial' ? 'credits.trialPlan' : 'credits.plan', {
        plan: t(`billing:plans.${entitlement.plan}`),
        count: entitlement.limits.aiCredits,
      })
    : null;
  const known = credits && credits.total > 0 ? credits : null;
  const summary = known
    ? t('credits.balance', {
        remaining: formatNumber(known.remaining, i18n.language),
        total: formatNumber(known.total, i18n.language),
      })
    : t('credits.title');
  // Said before the day's last free draft is used, so the refusal after it comes as no surprise.
  const freeToday =
    known?.freeToday && known.remaining < CREDITS.costPerPost
      ? known.freeToday.remaining > 0
        ? t('composer:ai.freeLeft', { count: known.freeToday.remaining })
        : t('composer:ai.freeNone')
      : null;
  const comments =
    commenting && commenting.total > 0
      ? t('credits.commenting', {
          remaining: formatNumber(commenting.remaining, i18n.language),
          total: formatNumber(commenting.total, i18n.language),
        })
      : null;

  if (collapsed) {
    return (
      <div
        title={[summary, freeToday, comments].filter(Boolean).join(' — ')}
        className="mx-auto flex size-10 items-center justify-center rounded-xl bg-amber-50 text-amber-600"
        data-testid="credits-notice"
      >
        <Zap aria-hidden="true" className="size-5" />
        <span className="sr-only">
          {summary}
          {freeToday ? ` — ${freeToday}` : ''}
          {comments ? ` — ${comments}` : ''}
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
          {freeToday && (
            <p className="mt-2 text-xs font-semibold text-slate-800" data-testid="credits-free-today">
              {freeToday}
            </p>
          )}
        </>
      )}
      {comments && commenting && (
        <div className="mt-2" data-testid="credits-commenting">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-slate-800">
            <MessageSquare aria-hidden="true" className="size-3.5 shrink-0 text-brand-600" />
            {comments}
          </p>
          <div
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-brand-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={commenting.total}
            aria-valuenow={commenting.remaining}
            aria-label={t('credits.commentingTitle')}
          >
            <div
              className="h-full rounded-full bg-brand-500"
              style={{ width: `${Math.min(100, Math.round((commenting.remaining / commenting.total) * 100))}%` }}
            />
          </div>
        </div>
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
        {t('common:credits.rule', { count: CREDITS.costPerPost })} {t('credits.explain')}
      </p>
    </section>
  );
}
