import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../lib/use-return-focus';
import { buttonClass } from './button';

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  /** Kept open while something is being saved. */
  busy?: boolean;
  /** Where the focus starts (a dialog made to write one thing), instead of the first button: Close. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The modal of every posts popup: Radix keeps focus inside, closes on Escape or a click outside
 * (not while saving) and returns focus to the button that opened it (useReturnFocus: there is no Trigger).
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  testId,
  busy = false,
  initialFocus,
}: DialogFrameProps) {
  const returnFocus = useReturnFocus();
  const { i18n } = useTranslation();
  const change = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          dir={i18n.dir()}
          data-testid={testId}
          className="fixed inset-x-3 top-1/2 z-50 mx-auto flex max-h-[calc(100dvh-1.5rem)] max-w-lg -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none sm:inset-x-4"
        >
          <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              disabled={busy}
              aria-label={closeLabel}
              className="-me-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const fieldClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-50 aria-[invalid=true]:border-red-400';

/** A dialog's closing buttons: Button's large size. Prefer `<Button size="lg">`; these are for a link. */
export const primaryButtonClass = buttonClass({ size: 'lg' });

export const secondaryButtonClass = buttonClass({ variant: 'secondary', size: 'lg' });
