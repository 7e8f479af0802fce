import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { LoadingScreen } from '../../ui/loading-screen';
import { AccessRefused } from './access-refused';
import { AdminShell } from './admin-shell';
import { AuditTrail } from './audit-trail';
import { ContentEditors } from './content-editors';
import { LibraryEditor } from './library-editor';
import { UserCredits } from './user-credits';

/**
 * /admin/dashboard: the landing-content editors, a user's plan and credits, and the audit trail, for the `admin` role only. The content service
 * refuses non-admin saves on its own; this check only keeps the editors out of sight.
 */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { user, isPending } = useSession();

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  if (isPending) return <LoadingScreen />;
  if (!user) return <AccessRefused email={null} />;
  if (!user.roles.includes('admin')) return <AccessRefused email={user.email} />;
  return (
    <AdminShell email={user.email}>
      <div className="mb-6 flex flex-col gap-1 lg:mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
        <p className="max-w-3xl text-sm text-slate-600 sm:text-base">{t('page.subtitle')}</p>
      </div>
      <ContentEditors />
      <LibraryEditor />
      <UserCredits />
      <AuditTrail />
    </AdminShell>
  );
}
