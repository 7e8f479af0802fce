import type { Credits } from '../../lib/api/ai';

/**
 * The line under the composer: what the current mode is for, then the credit balance and which
 * model writes. With the premium credits spent it counts the day's free drafts down, so the
 * limit is seen before a draft is refused for it.
 */
export function creditsHint(
  t: (key: string, values?: Record<string, unknown>) => string,
  credits: Credits | undefined,
  /** null while the AI writes: the balance alone is worth reading then. */
  mode: 'manual' | 'draft' | null,
): string {
  const base = mode === null ? '' : t(mode === 'draft' ? 'editor.draftHint' : 'editor.manualHint');
  if (!credits) return base;
  const balance =
    credits.remaining >= credits.costPerPost
      ? `${t('common:credits.rule', { count: credits.costPerPost })} ${t('ai.credits', { count: credits.remaining, model: credits.premiumModel })}`
      : `${t('ai.standardModel', { model: credits.standardModel, premiumModel: credits.premiumModel })} ${
          credits.freeToday.remaining > 0 ? t('ai.freeLeft', { count: credits.freeToday.remaining }) : t('ai.freeNone')
        }`;
  return base ? `${base} ${balance}` : balance;
}
