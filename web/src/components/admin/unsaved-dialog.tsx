import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/use-return-focus';

interface UnsavedDialogProps {
  open: boolean;
  section: string;
  language: string;
  onStay: () => void;
  onLeave: () => void;
}

/** Asked before anything would throw away unsaved edits (tab, copy language, leaving the page). */
export function UnsavedDialog({ open, section, language, onStay, onLeave }: UnsavedDialogProps) {
  const returnFocus = useReturnFocus();
  const { t, i18n } = useTranslation('admin');
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          dir={i18n.dir()}
          onEscapeKeyDown={onStay}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          data-testid="unsaved-dialog"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">{t('unsaved.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t('unsaved.message', { section, language })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              onClick={onStay}
              data-testid="unsaved-stay"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {t('unsaved.stay')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onLeave}
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
              data-testid="unsaved-leave"
            >
              {t('unsaved.leave')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
