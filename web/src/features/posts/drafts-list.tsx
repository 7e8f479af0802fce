import { type PostDraft, REVIEW_SUBMIT_ROLE, roleAtLeast } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { CalendarPlus, ClipboardCheck, FilePenLine, NotebookPen, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { useDeleteDraft, useDrafts } from '../../lib/api/drafts';
import { useReviewSettings } from '../../lib/api/review';
import { formatDateTime } from '../../lib/format';
import { sayOutcome } from '../../lib/say-outcome';
import { useCurrentWorkspace } from '../../session/current-workspace';
import { Button } from '../../ui/button';
import { CommentCount, ReviewStateBadge, SendForReviewButton, sendsForReview } from '../review';
import { useMaySchedule, useRoleHere } from '../workspaces';
import { EmptyPostList, LoadError, PostListSkeleton } from './list-states';
import { PageBadge } from './post-card-parts';

export interface DraftsListProps {
  onOpen: (draft: PostDraft) => void;
  onSchedule: (draft: PostDraft) => void;
  onWrite: () => void;
  /** Which drafts the identity chosen above the list shows (all of them when left out). */
  shown?: (draft: PostDraft) => boolean;
  /** Shows every identity's drafts again, offered when the chosen one has none. */
  onShowAll?: () => void;
}

const action =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition disabled:opacity-50';

function DraftCard({
  draft,
  requiresApproval,
  onOpen,
  onSchedule,
}: { draft: PostDraft; requiresApproval: boolean } & Pick<DraftsListProps, 'onOpen' | 'onSchedule'>) {
  const { t, i18n } = useTranslation('posts');
  const remove = useDeleteDraft();
  // Scheduling is for editors and up; a contributor's draft waits for one of them.
  const role = useRoleHere();
  const schedules = useMaySchedule();
  const submits = !role || roleAtLeast(role, REVIEW_SUBMIT_ROLE);
  // The review page's link names the workspace (the personal one's id is the account's), as the e-mails do.
  const current = useCurrentWorkspace();
  const { user } = useSession();
  const workspace = current ?? user?.id;
  // Where the workspace publishes only approved drafts, only an approved one is offered to schedule.
  const approved = draft.reviewState === 'approved' && draft.approvedVersion === draft.version;
  const offersSchedule = schedules && (!requiresApproval || approved);
  const savedAt = formatDateTime(draft.updatedAt, i18n.language);
  const onDelete = () =>
    sayOutcome(
      () => remove.mutateAsync(draft.id),
      () => t('drafts.deleted'),
    );
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="draft-card"
      data-draft-id={draft.id}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStateBadge state={draft.reviewState} />
        <p className="text-xs text-slate-500">{t('drafts.savedAt', { when: savedAt })}</p>
        <CommentCount count={draft.comments} />
        <PageBadge identity={draft.identity} />
      </div>
      <p dir="auto" className="mt-2 line-clamp-4 whitespace-pre-wrap break-words text-sm leading-6 text-ink">
        {draft.content.trim() || t('drafts.noText')}
      </p>
      {draft.firstComment.trim() && (
        <p dir="auto" className="mt-2 line-clamp-2 text-xs text-slate-500">
          {t('drafts.firstComment', { comment: draft.firstComment.trim() })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" size="sm" onClick={() => onOpen(draft)} data-testid="draft-open">
          <FilePenLine aria-hidden="true" className="size-4" />
          {t('drafts.open')}
        </Button>
        {submits && sendsForReview(draft) && (
          <SendForReviewButton
            draftId={draft.id}
            version={draft.version}
            disabled={!draft.content.trim()}
            className={`${action} border border-brand-200 text-brand-700 hover:bg-brand-50`}
          />
        )}
        <Link
          to="/review/$draftId"
          params={{ draftId: draft.id }}
          search={workspace ? { workspace } : {}}
          aria-label={t('review:openLabel', { when: savedAt })}
          className={`${action} border border-slate-200 text-slate-700 hover:bg-slate-50`}
          data-testid="draft-review"
        >
          <ClipboardCheck aria-hidden="true" className="size-4" />
          {t('review:open')}
        </Link>
        {offersSchedule && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onSchedule(draft)}
            disabled={!draft.content.trim()}
            data-testid="draft-schedule"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('drafts.schedule')}
          </Button>
        )}
        <button
          type="button"
          className={`${action} text-red-700 hover:bg-red-50`}
          onClick={() => void onDelete()}
          disabled={remove.isPending}
          data-testid="draft-delete"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('drafts.delete')}
        </button>
      </div>
    </article>
  );
}

/** The Drafts tab: half-written posts kept on the server, newest first. None ever publishes by itself. */
export function DraftsList({ onOpen, onSchedule, onWrite, shown = () => true, onShowAll }: DraftsListProps) {
  const { t } = useTranslation('posts');
  const drafts = useDrafts();
  const requiresApproval = useReviewSettings().data?.requiresApproval ?? false;
  if (drafts.isPending) return <PostListSkeleton />;
  if (drafts.error && !drafts.data) {
    return <LoadError title={t('drafts.loadFailed')} error={drafts.error} onRetry={() => void drafts.refetch()} />;
  }
  const all = drafts.data ?? [];
  const list = all.filter(shown);
  if (list.length === 0 && all.length > 0) {
    return (
      <EmptyPostList
        icon={NotebookPen}
        title={t('drafts.filteredTitle')}
        text={t('drafts.filteredText', { count: all.length })}
        actionLabel={t('drafts.showAll')}
        onAction={onShowAll}
      />
    );
  }
  if (list.length === 0) {
    return (
      <EmptyPostList
        icon={NotebookPen}
        title={t('drafts.emptyTitle')}
        text={t('drafts.emptyText')}
        actionLabel={t('drafts.emptyAction')}
        onAction={onWrite}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="drafts-list">
      {list.map((draft) => (
        <DraftCard
          key={draft.id}
          draft={draft}
          requiresApproval={requiresApproval}
          onOpen={onOpen}
          onSchedule={onSchedule}
        />
      ))}
    </div>
  );
}
