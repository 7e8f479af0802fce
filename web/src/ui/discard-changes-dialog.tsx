import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../lib/use-return-focus';
import { buttonClass } from './button';

/** The dialog's words, when a screen says more than the common question (which section, which language). */
export interface DiscardChangesCopy {
  title: string;
  message: string;
  keep: string;
  discard: string;
}

interface DiscardChangesDialogProps {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  copy?: DiscardChangesCopy;
}

/**
 * Asked before closing or leaving would throw away what the user wrote, on every form with
 * unsaved writing (the admin editor passes its own `copy`). Escape keeps the writing.
 */
export function DiscardChangesDialog({ open, onKeep, onDiscard, copy }: DiscardChangesDialogProps) {
  const returnFocus = useReturnFocus();
  const { t, i18n } = useTranslation('common');
  const words = copy ?? {
    title: t('discard.title'),
    message: t('discard.message'),
    keep: t('discard.keep'),
    discard: t('discard.discard'),
  };
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          dir={i18n.dir()}
          onEscapeKeyDown={onKeep}
          className="fixed inset-x-4 top-1/2 z-[60] mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          data-testid="discard-dialog"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">{words.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            {words.message}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              onClick={onKeep}
              data-testid="discard-keep"
              className={buttonClass({ variant: 'secondary' })}
            >
              {words.keep}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onDiscard}
              data-testid="discard-confirm"
              className={buttonClass({ variant: 'danger' })}
            >
              {words.discard}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
