import { Outlet, useNavigate } from '@tanstack/react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../lib/api/auth';
import { PaymentBanner, TrialBanner } from '../billing';
import { ComposerProvider } from '../composer';
import { ConnectionLostBanner } from './connection-lost-banner';
import { DisplayPreferencesSync } from './display-preferences-sync';
import { MobileDrawer } from './mobile-drawer';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';

const COLLAPSED_KEY = 'sidebarCollapsed';

function initiallyCollapsed() {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The protected area's layout (spec section 2); its route lets only full users in (router.tsx). */
export function AppShell() {
  return (
    <ComposerProvider>
      <DisplayPreferencesSync />
      <Shell />
    </ComposerProvider>
  );
}

function Shell() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { user } = useSession();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // The choice then lasts for this visit only.
      }
      return !value;
    });
  };

  // Spec section 4: log out on the server, forget the session here, go to /signup.
  const onLogout = () => {
    setDrawerOpen(false);
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/signup' }) });
  };

  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <div className="flex min-h-dvh bg-slate-50">
      {/*
        The panel runs the whole height of the page (its background and edge never stop at the
        window's height on a long page); what it holds stays in view while the page scrolls, and
        scrolls by itself when the window is shorter than it.
      */}
      <aside
        data-testid="sidebar"
        data-collapsed={collapsed}
        className={`hidden min-block-dvh shrink-0 border-e border-slate-200 bg-white transition-[width] lg:block ${
          collapsed ? 'w-20' : 'w-64'
        }`}
      >
        <div className="sticky inset-bs-0 flex block-dvh flex-col" data-testid="sidebar-panel">
          <div className="min-block-0 flex-1 overflow-y-auto px-3 py-4">
            <SidebarContent collapsed={collapsed} onLogout={onLogout} loggingOut={logout.isPending} />
          </div>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            title={collapsed ? t('nav.expand') : t('nav.collapse')}
            className="absolute -end-3.5 inset-bs-20 flex size-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-ink"
            data-testid="collapse-sidebar"
          >
            <CollapseIcon aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </button>
        </div>
      </aside>
      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SidebarContent onNavigate={() => setDrawerOpen(false)} onLogout={onLogout} loggingOut={logout.isPending} />
      </MobileDrawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar email={user?.email ?? ''} onOpenMenu={() => setDrawerOpen(true)} />
        <ConnectionLostBanner />
        <PaymentBanner />
        <TrialBanner />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
