import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PostView, useDeletePost } from '../../lib/api/posts';
import { errorText } from '../../lib/error-text';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useReturnFocus } from '../../lib/use-return-focus';
import { buttonClass } from '../../ui/button';
import { ClampedText } from '../../ui/clamped-text';
import { Spinner } from '../../ui/spinner';

/** Delete asks first (spec section 2 leaves it unwired; here it really deletes). */
export function DeletePostDialog({ post, onClose }: { post: PostView | null; onClose: () => void }) {
  const returnFocus = useReturnFocus();
  const { t, i18n } = useTranslation('posts');
  const remove = useDeletePost();
  const oneAtATime = useOneAtATime();

  const onConfirm = (event: MouseEvent) => {
    // Stay open until the server has answered.
    event.preventDefault();
    if (!post) return;
    void oneAtATime(() => deleteAndSay(post));
  };

  const deleteAndSay = async (target: PostView) => {
    try {
      await remove.mutateAsync(target);
      toast.success(t('server.deleted'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <AlertDialog.Root open={post !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          dir={i18n.dir()}
          data-testid="delete-post-dialog"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t('delete.description')}
          </AlertDialog.Description>
          {post && (
            // The cut text sits inside the padding: on the same box, a fourth line would show half-cut in it.
            <div className="mt-4 rounded-xl bg-slate-50 px-4 py-3" data-testid="delete-post-preview">
              <ClampedText
                text={post.content}
                lines={3}
                dir="auto"
                className="whitespace-pre-line break-words text-sm text-slate-700"
              />
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              disabled={remove.isPending}
              className={buttonClass({ variant: 'secondary', size: 'lg' })}
            >
              {t('delete.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              disabled={remove.isPending}
              className={buttonClass({ variant: 'danger', size: 'lg' })}
            >
              {remove.isPending && <Spinner className="size-4 border-2" />}
              {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
