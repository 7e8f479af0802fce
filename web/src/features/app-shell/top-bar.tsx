import { Link } from '@tanstack/react-router';
import { Crown, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { useEntitlement } from '../../lib/api/billing';
import { useOwnIdentity } from '../../lib/api/linkedin';
import { Avatar } from '../../ui/avatar';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { PlansLink, planOffer } from '../billing';
import { NotificationBell } from '../notifications';
import { useShowsWorkspaceSwitcher, WorkspaceSwitcher } from '../workspaces';

/**
 * Menu button (phones), the workspace the app works in (for an account in more than one), the way to the plans, the language switch and the link to the profile.
 * The plans button names what it offers: the next plan (Upgrade to Starter), or Change plan for
 * someone who pays already (the plan is changed from the payment provider's page). The profile
 * link is the account's avatar as the dashboard and the profile show it (the LinkedIn picture or
 * name's initials), or the address's first letter before an account is connected.
 */
export function TopBar({ email, onOpenMenu }: { email: string; onOpenMenu: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const identity = useOwnIdentity(Boolean(user?.linkedinConnected));
  const entitlement = useEntitlement();
  const offer = planOffer(entitlement.data);
  const switcher = useShowsWorkspaceSwitcher();
  const plansLabel =
    offer.kind === 'change'
      ? t('upgrade.change')
      : offer.kind === 'upgrade'
        ? t('upgrade.to', { plan: t(`billing:plans.${offer.plan.id}`) })
        : t('upgrade.choose');
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        className="-ms-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-ink lg:hidden"
        data-testid="open-menu"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Link to="/dashboard" className="flex rounded-lg lg:hidden">
        {/* Beside the workspace switcher a phone's bar keeps the mark; the name is still read out. */}
        <Logo className={switcher ? 'max-sm:[&>span:last-child]:sr-only' : ''} />
      </Link>
      <WorkspaceSwitcher />
      <div className="ms-auto flex items-center gap-1 sm:gap-3">
        <PlansLink
          title={plansLabel}
          testId="plans-button"
          className="inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-amber-400 to-orange-500 px-3 py-1.5 text-sm font-semibold text-white shadow-sm transition hover:from-amber-500 hover:to-orange-600 max-sm:size-9 max-sm:justify-center max-sm:p-0 sm:px-4"
        >
          <Crown aria-hidden="true" className="size-4" />
          {/* On phones the crown alone keeps the bar on one line; the name is still read out. */}
          <span className="sr-only whitespace-nowrap sm:not-sr-only">{plansLabel}</span>
        </PlansLink>
        <NotificationBell />
        <LanguageToggle />
        <Link
          to="/profile"
          aria-label={t('profileLink', { email })}
          title={email}
          className="flex shrink-0 rounded-full ring-2 ring-brand-100 transition hover:opacity-90"
          data-testid="profile-link"
        >
          <Avatar src={identity.picture} name={identity.name ?? email} className="size-9 text-xs leading-none" />
        </Link>
      </div>
    </header>
  );
}
