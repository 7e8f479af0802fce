import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCredits } from '../../lib/api/ai';
import { useEntitlement } from '../../lib/api/billing';
import { useCommentingCredits } from '../../lib/api/engage';
import { Logo } from '../../ui/logo';
import { AdminAreaLink } from '../admin';
import { CreditsNotice } from './credits-notice';
import { NAV_ITEMS } from './nav-items';

interface SidebarContentProps {
  collapsed?: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

/** Navigation, credits and Log out: the same content in the desktop sidebar and the phone drawer. */
export function SidebarContent({ collapsed = false, onNavigate, onLogout, loggingOut }: SidebarContentProps) {
  const { t } = useTranslation('shell');
  const credits = useCredits();
  const entitlement = useEntitlement();
  const limits = entitlement.data?.limits;
  // Only a plan with Engage has commenting credits to show.
  const commenting = useCommentingCredits(
    limits?.engage && limits.commentingCredits > 0 ? (entitlement.data?.plan ?? null) : null,
  );
  return (
    <div className="flex h-full flex-col gap-4">
      <Link
        to="/dashboard"
        onClick={onNavigate}
        className={`flex h-10 items-center rounded-lg ${collapsed ? 'justify-center' : 'px-2'}`}
      >
        {/* Collapsed, the mark stays and the name is only read out. */}
        <Logo className={collapsed ? '[&>span:last-child]:sr-only' : ''} />
      </Link>
      <nav aria-label={t('nav.label')} className="flex-1">
        <ul className="space-y-0.5">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                search={item.search}
                // My Posts is lit on any of its tabs; Calendar on its own tab only.
                activeOptions={{ includeSearch: Boolean(item.search) }}
                onClick={onNavigate}
                title={collapsed ? t(item.label) : undefined}
                className={`flex items-center gap-3 rounded-xl py-1.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-ink data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700 ${
                  collapsed ? 'justify-center px-2' : 'px-3'
                }`}
              >
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                <span className={collapsed ? 'sr-only' : ''}>{t(item.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {!collapsed && <AdminAreaLink variant="nav" onNavigate={onNavigate} />}
      </nav>
      <CreditsNotice
        credits={credits.data ?? null}
        commenting={commenting.data ?? null}
        entitlement={entitlement.data ?? null}
        collapsed={collapsed}
      />
      <button
        type="button"
        onClick={onLogout}
        disabled={loggingOut}
        title={collapsed ? t('logout') : undefined}
        className={`flex items-center gap-3 rounded-xl py-2.5 text-sm font-medium text-slate-600 transition hover:bg-red-50 hover:text-red-700 disabled:opacity-60 ${
          collapsed ? 'justify-center px-2' : 'px-3'
        }`}
      >
        <LogOut aria-hidden="true" className="size-5 shrink-0 rtl:rotate-180" />
        <span className={collapsed ? 'sr-only' : ''}>{t('logout')}</span>
      </button>
    </div>
  );
}
