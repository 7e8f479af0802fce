import type { PostDraft } from '@nashr/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { addDays, isBefore, startOfDay, startOfMonth } from 'date-fns';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddedPages } from '../../lib/api/linkedin';
import { type PostView, useCalendarPosts, useScheduledTab } from '../../lib/api/posts';
import { useDisplayPreferences } from '../../lib/api/preferences';
import { dateInputValue, formatCompact, WEEK_STARTS_ON } from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { useHasBeenTrue } from '../../lib/use-has-been-true';
import { PageHeader } from '../../ui/page-header';
import { useComposer } from '../composer';
import { useMaySchedule, useWorkInLinked } from '../workspaces';
import { calendarRange, postsByDay } from './calendar-grid';
import { DayPostsDialog } from './day-posts-dialog';
import { DeletePostDialog } from './delete-post-dialog';
import { DraftsList } from './drafts-list';
import { ALL_IDENTITIES, belongsTo, IdentityChoice, useIdentityChoice } from './identity-choice';
import { PostsCalendar } from './posts-calendar';
import { PostsSidebar } from './posts-sidebar';
import { PostsTimeline } from './posts-timeline';
import { PublishedList } from './published-list';
import { ScheduledList } from './scheduled-list';

// The scheduling and editing forms (with the composer's images, document and drag-and-drop code)
// are fetched the first time one opens, not with the list.
const ScheduleDialog = lazy(() => import('../post-editor').then((module) => ({ default: module.ScheduleDialog })));
const EditPostDialog = lazy(() => import('./edit-post-dialog').then((module) => ({ default: module.EditPostDialog })));

export type PostsTab = 'scheduled' | 'published' | 'drafts' | 'calendar';

/** `?tab=` of /posts: Scheduled unless it says published, drafts or calendar (spec section 2). */
export function postsTabOf(search: { tab?: unknown }): PostsTab {
  return search.tab === 'published' || search.tab === 'drafts' || search.tab === 'calendar' ? search.tab : 'scheduled';
}

/**
 * `?post=<id>` (a notification's link): scrolls that post's card into view and focuses it once it
 * is on the page, so its Retry or Edit is one key away.
 */
function usePostInView(postId: string | undefined) {
  useEffect(() => {
    if (!postId) return;
    let frame = 0;
    const deadline = Date.now() + 10_000;
    const look = () => {
      const card = document.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(postId)}"]`);
      if (card) {
        card.scrollIntoView({ block: 'center', behavior: 'smooth' });
        card.setAttribute('tabindex', '-1');
        card.focus({ preventScroll: true });
        card.dataset.highlighted = 'true';
      } else if (Date.now() < deadline) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [postId]);
}

/** /posts, 'Post Management' (spec section 2): the posts, the schedule popup and the calendar. */
export function PostsPage() {
  const { t, i18n } = useTranslation('posts');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: unknown; post?: string; workspace?: string };
  const tab = postsTabOf(search);
  // A notification's post of a shared workspace is looked for once the tab works there.
  const inLinkedWorkspace = useWorkInLinked(search.workspace);
  usePostInView(inLinkedWorkspace ? search.post : undefined);
  const scheduled = useScheduledTab();
  // With company pages added, the scheduled posts and the calendar show everyone's or one identity's.
  const pages = useAddedPages();
  const whose = useIdentityChoice(pages, true);
  const shown = belongsTo(whose.value, pages);
  const scheduledShown = scheduled.posts.filter(shown);
  const identityChoice = <IdentityChoice pages={pages} {...whose} withAll testId="posts-identity" />;

  const [month, setMonth] = useState(() => startOfMonth(calendarDate()));
  const [selectedDay, setSelectedDay] = useState<Date | null>(null);
  const [openDay, setOpenDay] = useState<Date | null>(null);
  const [scheduling, setScheduling] = useState<{ date?: string; draft?: PostDraft } | null>(null);
  const [editing, setEditing] = useState<PostView | null>(null);
  const scheduleWanted = useHasBeenTrue(scheduling !== null);
  const editWanted = useHasBeenTrue(editing !== null);
  const [deleting, setDeleting] = useState<PostView | null>(null);

  const display = useDisplayPreferences();
  const range = calendarRange(month, WEEK_STARTS_ON[display.weekStart]);
  const calendar = useCalendarPosts(range.from, range.to);
  const days = postsByDay((calendar.data ?? []).filter(shown));
  // The opened day's posts, asked for on their own: the day may be outside the sidebar's month.
  const openKey = openDay ? dateInputValue(openDay) : null;
  const dayQuery = useCalendarPosts(openDay ?? month, addDays(openDay ?? month, 1), openDay !== null);
  const dayFetched = dayQuery.data?.filter((post) => dateInputValue(post.scheduledAt) === openKey);
  const dayPosts = openKey
    ? ((dayQuery.isPlaceholderData ? undefined : dayFetched?.filter(shown)) ?? days.get(openKey) ?? [])
    : [];

  // 'Generate Post' and '+ New Post' open the composer popup.
  const composer = useComposer();
  const onGenerate = () => composer.open();

  // Scheduling is for editors and up: a contributor or a viewer here is offered none.
  const schedules = useMaySchedule();
  const onSchedule = () => {
    // A future day picked in the calendar is where a new post most likely goes.
    const day =
      selectedDay && !isBefore(selectedDay, startOfDay(calendarDate())) ? dateInputValue(selectedDay) : undefined;
    setScheduling({ date: day });
  };

  const onSelectDay = (day: Date) => {
    setSelectedDay(day);
    if (days.get(dateInputValue(day))?.length) setOpenDay(day);
  };

  const onTabChange = (value: string) =>
    void navigate({ to: '/posts', search: { tab: postsTabOf({ tab: value }) }, replace: true });

  const tabClass =
    'relative -mb-px flex min-w-0 flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b-2 border-transparent px-1 py-2.5 text-center text-sm font-semibold text-slate-500 transition hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:shrink-0 sm:flex-nowrap sm:whitespace-nowrap sm:px-4';

  return (
    <div data-testid="posts-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <button
            type="button"
            onClick={onGenerate}
            data-testid="new-post"
            className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            <Plus aria-hidden="true" className="size-5" />
            {t('newPost')}
          </button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[minmax(0,1fr)_20rem] xl:gap-8">
        <Tabs.Root value={tab} onValueChange={onTabChange} className="min-w-0">
          <Tabs.List
            aria-label={t('tabs.label')}
            // On a phone the four tabs share the width (a word may wrap), so Calendar is never off screen.
            className="mb-5 grid grid-cols-4 border-b border-slate-200 sm:flex sm:gap-2"
          >
            <Tabs.Trigger value="scheduled" className={tabClass} data-testid="tab-scheduled">
              {t('tabs.scheduled')}
              {scheduled.posts.length > 0 && (
                // On a phone the count wraps under the word rather than run into the next tab.
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs tabular-nums text-brand-700">
                  {formatCompact(scheduled.posts.length, i18n.language)}
                </span>
              )}
            </Tabs.Trigger>
            <Tabs.Trigger value="published" className={tabClass} data-testid="tab-published">
              {t('tabs.published')}
            </Tabs.Trigger>
            <Tabs.Trigger value="drafts" className={tabClass} data-testid="tab-drafts">
              {t('tabs.drafts')}
            </Tabs.Trigger>
            <Tabs.Trigger value="calendar" className={tabClass} data-testid="tab-calendar">
              {t('tabs.calendar')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="scheduled" className="flex flex-col gap-4 outline-none">
            {identityChoice}
            <ScheduledList
              posts={scheduledShown}
              hidden={scheduled.posts.length - scheduledShown.length}
              onShowAll={() => whose.onChange(ALL_IDENTITIES)}
              isPending={scheduled.isPending}
              error={scheduled.error}
              onRetry={() => void scheduled.refetch()}
              onSchedule={schedules ? onSchedule : undefined}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          </Tabs.Content>
          <Tabs.Content value="published" className="outline-none">
            <PublishedList onGenerate={onGenerate} />
          </Tabs.Content>
          <Tabs.Content value="drafts" className="flex flex-col gap-4 outline-none">
            {identityChoice}
            <DraftsList
              shown={shown}
              onShowAll={() => whose.onChange(ALL_IDENTITIES)}
              onOpen={(draft) =>
                composer.open({
                  text: draft.content,
                  draft: {
                    id: draft.id,
                    firstComment: draft.firstComment,
                    media: draft.media ?? [],
                    version: draft.version,
                    identity: draft.identity,
                  },
                })
              }
              onSchedule={(draft) => setScheduling({ draft })}
              onWrite={onGenerate}
            />
          </Tabs.Content>
          <Tabs.Content value="calendar" className="flex flex-col gap-4 outline-none">
            {identityChoice}
            <PostsTimeline
              onEdit={setEditing}
              onOpenDay={setOpenDay}
              upcoming={scheduled.isPending ? null : scheduledShown}
              shown={shown}
            />
          </Tabs.Content>
        </Tabs.Root>
        <PostsSidebar
          onGenerate={onGenerate}
          onSchedule={schedules ? onSchedule : undefined}
          calendar={
            <PostsCalendar
              month={month}
              onMonthChange={setMonth}
              selected={selectedDay}
              onSelect={onSelectDay}
              days={days}
              isFetching={calendar.isFetching}
              error={calendar.error}
              onRetry={() => void calendar.refetch()}
            />
          }
        />
      </div>

      {scheduleWanted && (
        <Suspense fallback={null}>
          <ScheduleDialog
            open={scheduling !== null}
            onOpenChange={(open) => !open && setScheduling(null)}
            defaultDate={scheduling?.date}
            defaultContent={scheduling?.draft?.content.trim()}
            defaultFirstComment={scheduling?.draft?.firstComment.trim()}
            draftId={scheduling?.draft?.id}
            defaultIdentity={scheduling?.draft ? (scheduling.draft.identity ?? '') : undefined}
          />
        </Suspense>
      )}
      <DayPostsDialog
        day={openDay}
        posts={dayPosts}
        onClose={() => setOpenDay(null)}
        onEdit={setEditing}
        onDelete={setDeleting}
        onScheduleOnDay={
          schedules
            ? (day) => {
                setOpenDay(null);
                setScheduling({ date: dateInputValue(day) });
              }
            : undefined
        }
      />
      {editWanted && (
        <Suspense fallback={null}>
          <EditPostDialog post={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
