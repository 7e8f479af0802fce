import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';
import { type SectionId, scrollToSection } from './sections';
import { SignupLink } from './signup-link';
import { buttonStyles, containerClass, menuButtonClass } from './ui';

/**
 * The phone menu's dialog, loaded only when a visitor first opens the menu (see mobile-menu.tsx),
 * so Radix Dialog stays out of the landing page's initial JavaScript. It mounts open.
 *
 * A full-screen dialog (focus stays inside, Escape closes it, focus returns to the
 * menu button). A chosen section is scrolled to only once the dialog has closed, because the
 * dialog locks page scrolling while it is open.
 */
export function MobileMenuDialog() {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(true);
  const pendingSection = useRef<SectionId | null>(null);

  const navigate = (to: SectionId) => {
    pendingSection.current = to;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={menuButtonClass} aria-label={t('nav.openMenu')} data-testid="mobile-menu-button">
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-menu"
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white motion-safe:transition motion-safe:duration-200 motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0 md:hidden"
          onCloseAutoFocus={(event) => {
            const section = pendingSection.current;
            if (!section) return;
            pendingSection.current = null;
            event.preventDefault();
            requestAnimationFrame(() => scrollToSection(section));
          }}
        >
          <div className={`${containerClass} flex h-16 shrink-0 items-center justify-between`}>
            <Logo />
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
              aria-label={t('nav.closeMenu')}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('nav.menuTitle')}</Dialog.Title>
          <nav aria-label={t('nav.label')} className={`${containerClass} flex-1 pt-6`}>
            <ul className="flex flex-col divide-y divide-slate-100">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <SectionLink
                    to={item.to}
                    onNavigate={navigate}
                    className="block py-4 text-2xl font-semibold text-ink hover:text-brand-700"
                  >
                    {t(item.label)}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={`${containerClass} flex flex-col gap-4 pb-10 pt-6`}>
            <LanguageToggle className="self-start" />
            <SignupLink className={`${buttonStyles.primary} w-full py-3.5 text-lg`}>{t('nav.startForFree')}</SignupLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
