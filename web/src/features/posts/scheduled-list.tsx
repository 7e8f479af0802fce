import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../lib/api/posts';
import { EmptyPostList, LoadError, PostListSkeleton } from './list-states';
import { ScheduledPostCard } from './scheduled-post-card';

export interface ScheduledListProps {
  posts: PostView[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Absent for a role that may not schedule here. */
  onSchedule?: () => void;
  onEdit: (post: PostView) => void;
  onDelete: (post: PostView) => void;
  /** Scheduled posts left out by the identity chosen above the list, and how to show them all. */
  hidden?: number;
  onShowAll?: () => void;
}

/** The Scheduled tab: what needs attention first, then the schedule, soonest first. */
export function ScheduledList({
  posts,
  isPending,
  error,
  onRetry,
  onSchedule,
  onEdit,
  onDelete,
  hidden = 0,
  onShowAll,
}: ScheduledListProps) {
  const { t } = useTranslation('posts');
  if (isPending) return <PostListSkeleton />;
  if (error && posts.length === 0)
    return <LoadError title={t('scheduled.loadFailed')} error={error} onRetry={onRetry} />;
  // Every scheduled post goes out as another identity than the one chosen: say so, not "none yet".
  if (posts.length === 0 && hidden > 0) {
    return (
      <EmptyPostList
        icon={CalendarClock}
        title={t('scheduled.filteredTitle')}
        text={t('scheduled.filteredText', { count: hidden })}
        actionLabel={t('scheduled.showAll')}
        onAction={onShowAll}
      />
    );
  }
  if (posts.length === 0) {
    return (
      <EmptyPostList
        icon={CalendarClock}
        title={t('scheduled.emptyTitle')}
        text={t('scheduled.emptyText')}
        actionLabel={t('scheduled.emptyAction')}
        onAction={onSchedule}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="scheduled-list">
      {error ? <LoadError compact title={t('scheduled.loadFailed')} error={error} onRetry={onRetry} /> : null}
      {posts.map((post) => (
        <ScheduledPostCard key={post.id} post={post} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </div>
  );
}
