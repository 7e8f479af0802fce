import { isBefore, startOfDay } from 'date-fns';
import { CalendarClock, CalendarPlus, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../lib/api/posts';
import { useDisplayPreferences } from '../../lib/api/preferences';
import { parseDay } from '../../lib/date-picking';
import { dateInputValue, formatClock, formatDay, formatHijriDay } from '../../lib/format';
import { browserTimeZone, calendarDate } from '../../lib/time-zone';
import { useCurrentWorkspace } from '../../session/current-workspace';
import { ClampedText } from '../../ui/clamped-text';
import { DateField } from '../../ui/date-field';
import { DialogFrame, primaryButtonClass, secondaryButtonClass } from '../../ui/dialog-frame';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { PostHistoryButton } from '../review';
import { PostAttachments } from './post-card-parts';
import { AttentionNote, canChange, FailureNote, PublishingNote } from './scheduled-post-card';
import { PostStatusBadges } from './status-badge';
import { canMove } from './timeline-grid';
import { useMovePost } from './use-move-post';

/**
 * "Move to…" under a waiting post: another day in the app's own date field, the time of day kept.
 * The calendar's way to move a post without dragging it.
 */
function MoveToForm({ post, onDone }: { post: PostView; onDone: () => void }) {
  const { t } = useTranslation('posts');
  const mover = useMovePost();
  const [value, setValue] = useState('');
  // Said once Move is pressed with no day, and gone as soon as one is chosen.
  const [noDay, setNoDay] = useState(false);
  const id = `move-${post.id}`;
  const problemId = `${id}-problem`;
  const problem = noDay && t('month.chooseDay');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const day = parseDay(value);
    if (!day) {
      setNoDay(true);
      return;
    }
    const outcome = await mover.move(post, day);
    if (!outcome || outcome.moved) onDone();
  };
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = fieldProblemProps(problemId, problem);
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2" data-testid="move-to-form">
      <div className="min-w-48 flex-1">
        <label id={`${id}-label`} htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
          {t('month.moveToDay')}
        </label>
        <DateField
          id={id}
          labelId={`${id}-label`}
          value={value}
          onChange={(day) => {
            setValue(day);
            setNoDay(false);
          }}
          min={dateInputValue(calendarDate())}
          invalid={invalid}
          describedBy={describedBy}
          testId="move-to-date"
        />
      </div>
      <button type="submit" disabled={mover.isPending} className={primaryButtonClass} data-testid="move-to-submit">
        {t('month.move')}
      </button>
      <button type="button" onClick={onDone} className={secondaryButtonClass}>
        {t('month.cancelMove')}
      </button>
      <FieldProblem id={problemId} problem={problem} data-testid="move-to-problem" />
    </form>
  );
}

interface DayPostsDialogProps {
  day: Date | null;
  posts: PostView[];
  onClose: () => void;
  onEdit: (post: PostView) => void;
  onDelete: (post: PostView) => void;
  /** Absent for a role that may not schedule here. */
  onScheduleOnDay?: (day: Date) => void;
}

/** 'Scheduled Posts for {date}' (spec section 2): time, status, content, Edit and Delete of each post. */
export function DayPostsDialog({ day, posts, onClose, onEdit, onDelete, onScheduleOnDay }: DayPostsDialogProps) {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const display = useDisplayPreferences();
  const [moving, setMoving] = useState<string | null>(null);
  // Who wrote, approved and scheduled each post matters where several people work, as on its card.
  const shared = useCurrentWorkspace() !== null;
  const canSchedule = day !== null && !isBefore(startOfDay(day), startOfDay(calendarDate()));
  return (
    <DialogFrame
      open={day !== null}
      onOpenChange={(open) => !open && onClose()}
      title={day ? t('day.title', { date: formatDay(day, language, 'full') }) : ''}
      description={
        day && display.hijri
          ? `${formatHijriDay(day, language)}. ${t('day.description', { zone: browserTimeZone().replaceAll('_', ' ') })}`
          : t('day.description', { zone: browserTimeZone().replaceAll('_', ' ') })
      }
      closeLabel={t('day.close')}
      testId="day-posts-dialog"
    >
      <div className="px-5 py-4 sm:px-6">
        {posts.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('day.empty')}</p>
        ) : (
          // Spec section 9: the list scrolls past a maximum height of 80 units.
          <ul className="-mx-1 max-h-80 space-y-3 overflow-y-auto px-1 py-1" data-testid="day-posts">
            {posts.map((post) => (
              <li
                key={post.id}
                data-testid="day-post"
                data-post-id={post.id}
                data-status={post.status}
                data-attention={post.status === 'scheduled' && post.attention ? post.attention.cause : undefined}
                className="rounded-xl border border-slate-200 p-4"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <time
                    dateTime={post.scheduledAt}
                    className="font-semibold tabular-nums text-ink"
                    data-testid="day-post-time"
                  >
                    {formatClock(post.scheduledAt, language)}
                  </time>
                  <PostStatusBadges post={post} />
                  <div className="-me-2 ms-auto flex items-center">
                    {shared && <PostHistoryButton postId={post.id} />}
                    {canChange(post) && (
                      <>
                        {canMove(post) && (
                          <button
                            type="button"
                            onClick={() => setMoving(moving === post.id ? null : post.id)}
                            aria-expanded={moving === post.id}
                            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink"
                            data-testid="day-move"
                          >
                            <CalendarClock aria-hidden="true" className="size-4" />
                            {t('month.moveTo')}
                          </button>
                        )}
                        <button
                          type="button"
                          onClick={() => onEdit(post)}
                          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink"
                          data-testid="day-edit"
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          {t('card.edit')}
                        </button>
                        <button
                          type="button"
                          onClick={() => onDelete(post)}
                          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
                          data-testid="day-delete"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          {t('card.delete')}
                        </button>
                      </>
                    )}
                    {post.url && (
                      <a
                        href={post.url}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                      >
                        <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                        {t('card.viewOnLinkedIn')}
                      </a>
                    )}
                  </div>
                </div>
                {moving === post.id && <MoveToForm post={post} onDone={() => setMoving(null)} />}
                <ClampedText
                  text={post.content}
                  lines={4}
                  dir="auto"
                  className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700"
                  data-testid="day-post-text"
                />
                <PostAttachments media={post.media ?? []} />
                {post.status === 'failed' && (
                  <div className="mt-3">
                    <FailureNote post={post} />
                  </div>
                )}
                {post.status === 'scheduled' && post.attention && (
                  <div className="mt-3">
                    <AttentionNote post={post} />
                  </div>
                )}
                {post.status === 'publishing' && (
                  <div className="mt-3">
                    <PublishingNote post={post} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {canSchedule && day && onScheduleOnDay && (
          <div className="mt-4 flex justify-end border-t border-slate-100 pt-4">
            <button type="button" onClick={() => onScheduleOnDay(day)} className={secondaryButtonClass}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('day.scheduleThisDay')}
            </button>
          </div>
        )}
      </div>
    </DialogFrame>
  );
}
