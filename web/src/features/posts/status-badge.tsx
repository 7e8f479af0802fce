import type { PostStatus } from '@nashr/contracts';
import { CircleAlert, CircleCheck, Clock, LoaderCircle, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../lib/api/posts';
import { DeletedOnNetwork } from '../analytics';

const LOOK: Record<PostStatus, { className: string; icon: typeof Clock; spin?: boolean }> = {
  scheduled: { className: 'bg-brand-50 text-brand-700 ring-brand-200', icon: Clock },
  publishing: { className: 'bg-amber-50 text-amber-800 ring-amber-200', icon: LoaderCircle, spin: true },
  published: { className: 'bg-emerald-50 text-emerald-700 ring-emerald-200', icon: CircleCheck },
  failed: { className: 'bg-red-50 text-red-700 ring-red-200', icon: CircleAlert },
  cancelled: { className: 'bg-slate-100 text-slate-600 ring-slate-200', icon: Trash2 },
};

export function StatusBadge({ status }: { status: PostStatus }) {
  const { t } = useTranslation('posts');
  const { className, icon: Icon, spin } = LOOK[status];
  return (
    <span
      data-testid="post-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden="true" className={`size-3.5 ${spin ? 'animate-spin motion-reduce:animate-none' : ''}`} />
      {t(`status.${status}`)}
    </span>
  );
}

/** A post's status, and for a published post deleted on LinkedIn since, that it was and when. */
export function PostStatusBadges({ post }: { post: Pick<PostView, 'status' | 'deletedOnNetworkAt'> }) {
  return (
    <>
      <StatusBadge status={post.status} />
      {post.status === 'published' && post.deletedOnNetworkAt && (
        <DeletedOnNetwork deletedAt={post.deletedOnNetworkAt} dated />
      )}
    </>
  );
}
