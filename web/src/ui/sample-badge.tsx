import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Marks a number or chart that is the spec's placeholder, not the account's own data. */
export function SampleBadge({ reason }: { reason?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span
      title={reason}
      className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-700 ring-1 ring-amber-200"
      data-testid="sample-badge"
    >
      <FlaskConical aria-hidden="true" className="size-3.5" />
      {t('sample.badge')}
      {reason && <span className="sr-only">: {reason}</span>}
    </span>
  );
}

/**
 * Marks what the sandbox network invented (its profile, followers and post figures): the account
 * is not on LinkedIn, so none of it is real even though nothing else on the screen says so.
 */
export function SandboxBadge() {
  const { t } = useTranslation('dashboard');
  return <SampleBadge reason={t('sample.sandbox')} />;
}
