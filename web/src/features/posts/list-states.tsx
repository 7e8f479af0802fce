import { type LucideIcon, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { EmptyState } from '../../ui/empty-state';
import { SkeletonAvatarRow, SkeletonStack } from '../../ui/skeleton';

/** Cards in the shape of posts while they load. */
export function PostListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div data-testid="posts-loading" className="flex flex-col gap-4" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <SkeletonAvatarRow className="items-center gap-3" avatar="size-10" lines={['h-3.5 w-1/3', 'h-3 w-1/2']} />
          <SkeletonStack className="mt-5 space-y-2" items={['h-3 w-full', 'h-3 w-11/12', 'h-3 w-2/3']} />
        </div>
      ))}
    </div>
  );
}

/** A load that failed: what happened, in words, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  compact = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('posts');
  return (
    <div
      role="alert"
      data-testid="posts-error"
      className={`flex flex-col items-center rounded-2xl border border-red-200 bg-red-50/60 text-center ${compact ? 'px-4 py-5' : 'px-6 py-10'}`}
    >
      <TriangleAlert aria-hidden="true" className={compact ? 'size-6 text-red-500' : 'size-9 text-red-500'} />
      <p className="mt-3 font-semibold text-red-800">{title}</p>
      <p className="mt-1 max-w-md text-sm text-red-700">{errorText(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex items-center gap-2 rounded-xl border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** A tab with no posts yet, and the one step that would fill it (none for a role that may not take it). */
export function EmptyPostList({
  icon,
  title,
  text,
  actionLabel,
  onAction,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  actionLabel: string;
  onAction?: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        onAction && (
          <button
            type="button"
            onClick={onAction}
            className="inline-flex items-center rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {actionLabel}
          </button>
        )
      }
    />
  );
}
