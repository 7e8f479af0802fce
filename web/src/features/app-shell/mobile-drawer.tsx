import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/use-return-focus';

/**
 * The sidebar on small screens: a modal drawer from the start edge. Radix keeps focus inside
 * while it is open, closes it on Escape or a click outside and returns focus to the menu button.
 */
export function MobileDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  const { t } = useTranslation('shell');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px] lg:hidden" />
        <Dialog.Content
          {...returnFocus}
          data-testid="mobile-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 flex w-[18rem] max-w-[85vw] flex-col bg-white p-4 shadow-2xl outline-none lg:hidden"
        >
          <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
          <Dialog.Close
            className="absolute end-3 top-4 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
            aria-label={t('nav.closeMenu')}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
