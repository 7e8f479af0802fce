import type { Credits } from '../../api/ai';

/**
 * The line under the composer: what the current mode is for, then the credit balance and which
 * model writes.
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
      ? `${t('common:credits.rule', { cost: credits.costPerPost })} ${t('ai.credits', { count: credits.remaining, model: credits.premiumModel })}`
      : t('ai.standardModel', { model: credits.standardModel });
  return base ? `${base} ${balance}` : balance;
}
