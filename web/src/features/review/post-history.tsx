import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostActivity } from '../../lib/api/review';
import { queriesTogether } from '../../lib/queries-together';
import { DialogFrame } from '../../ui/dialog-frame';
import { IconButton } from '../../ui/icon-button';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { useMembersHere } from '../workspaces';
import { ActivityEntries, useWhoIs } from './activity-list';

function PostHistory({ postId }: { postId: string }) {
  const { t } = useTranslation('review');
  const activity = usePostActivity(postId);
  // Entries name people by the workspace's members: until those are read, an author would be
  // called a former member.
  const members = useMembersHere();
  const whoIs = useWhoIs(members.data?.members ?? []);
  const both = queriesTogether(activity, members);
  if (both.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4 border-2" />
        {t('history.loading')}
      </p>
    );
  }
  if (both.error || !activity.data) {
    return <LoadError error={both.error} onRetry={both.retry} retrying={both.retrying} compact />;
  }
  return <ActivityEntries activity={activity.data} whoIs={whoIs} />;
}

/**
 * A post card's History button, in a shared workspace: who wrote the post's draft, changed,
 * approved and scheduled it, and when, read when the dialog opens.
 */
export function PostHistoryButton({ postId }: { postId: string }) {
  const { t } = useTranslation('review');
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label={t('history.open')} onClick={() => setOpen(true)} icon={History} testId="post-history" />
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title={t('history.title')}
        closeLabel={t('history.close')}
        testId="post-history-dialog"
      >
        {open && <PostHistory postId={postId} />}
      </DialogFrame>
    </>
  );
}
