import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftRequest } from '../../lib/api/ai';
import { useReturnFocus } from '../../lib/use-return-focus';
import { Composer, type ComposerDraftStart } from './composer';

/**
 * The composer as a popup (Radix: focus stays inside, Escape and the close icon close it, focus
 * returns to the button that opened it). Full screen on phones, a centred card from `sm` up.
 * Closing ends the composer session: its versions go, a running generation is cancelled.
 */
export function ComposerDialog({
  initialText,
  initialDraft,
  initialRequest,
  onClosed,
}: {
  initialText?: string;
  initialDraft?: ComposerDraftStart;
  initialRequest?: DraftRequest;
  onClosed: () => void;
}) {
  const returnFocus = useReturnFocus();
  const { t, i18n } = useTranslation('composer');
  const [open, setOpen] = useState(true);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) onClosed();
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          dir={i18n.dir()}
          data-testid="composer-dialog"
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl outline-none sm:m-auto sm:h-fit sm:max-h-[92dvh] sm:w-[min(42rem,calc(100vw-2rem))] sm:overflow-hidden sm:rounded-3xl"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-3.5 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold text-ink">{t('title')}</Dialog.Title>
              <Dialog.Description className="sr-only">{t('description')}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('close')}
              title={t('close')}
              className="-me-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
              data-testid="composer-close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Composer
            variant="dialog"
            initialText={initialText}
            initialDraft={initialDraft}
            initialRequest={initialRequest}
            onFinished={() => change(false)}
            autoFocus
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
