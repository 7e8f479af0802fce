import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuButtonClass } from './ui';

const loadDialog = () => import('./mobile-menu-dialog');
const MobileMenuDialog = lazy(() => loadDialog().then((module) => ({ default: module.MobileMenuDialog })));

/**
 * The phone menu button. The dialog behind it (Radix Dialog and its focus and scroll locks) is
 * code most visitors never run, so it loads when the button is first pressed (fetching starts
 * on hover, focus or touch), and mounts open; from then on the dialog's own trigger is the button.
 */
export function MobileMenu() {
  const { t } = useTranslation('landing');
  const [wanted, setWanted] = useState(false);

  const placeholder = (
    <button
      type="button"
      className={menuButtonClass}
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid="mobile-menu-button"
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={() => setWanted(true)}
    >
      <Menu aria-hidden="true" className="size-6" />
    </button>
  );

  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MobileMenuDialog />
    </Suspense>
  );
}
