import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/use-return-focus';
import { buttonClass } from '../../ui/button';

interface PublishConfirmDialogProps {
  open: boolean;
  /** Whose profile the post goes out on; null when the profile is not known. */
  authorName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Post' publishes at once and cannot be taken back from here: say where it goes, then go. */
export function PublishConfirmDialog({ open, authorName, onCancel, onConfirm }: PublishConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  const { t, i18n } = useTranslation('composer');
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          dir={i18n.dir()}
          data-testid="publish-confirm"
          className="fixed inset-x-4 top-1/2 z-[60] mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">{t('confirmPost.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            {authorName ? (
              <>
                {t('confirmPost.whereNamed')} <bdi className="font-semibold text-ink">{authorName}</bdi>
              </>
            ) : (
              t('confirmPost.where')
            )}{' '}
            {t('confirmPost.final')}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })}>
              {t('confirmPost.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} data-testid="publish-confirm-post" className={buttonClass()}>
              <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('confirmPost.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
