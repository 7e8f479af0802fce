import { Link } from '@tanstack/react-router';
import { LayoutTemplate } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';

/**
 * The way to the landing-page editors for an administrator, from the screens they land on after
 * signing in (the connect step, the app's sidebar). Nothing for anyone else.
 */
export function AdminAreaLink({ variant, onNavigate }: { variant: 'banner' | 'nav'; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  if (!user?.roles.includes('admin')) return null;
  if (variant === 'nav') {
    return (
      <Link
        to="/admin/dashboard"
        onClick={onNavigate}
        data-testid="admin-area-link"
        className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-ink"
      >
        <LayoutTemplate aria-hidden="true" className="size-5 shrink-0" />
        {t('adminArea.nav')}
      </Link>
    );
  }
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm">
      <p className="text-slate-700">{t('adminArea.notice')}</p>
      <Link
        to="/admin/dashboard"
        data-testid="admin-area-link"
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
      >
        <LayoutTemplate aria-hidden="true" className="size-4" />
        {t('adminArea.open')}
      </Link>
    </div>
  );
}
