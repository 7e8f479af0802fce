import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PostView, useUpdatePost } from '../../lib/api/posts';
import { errorText } from '../../lib/error-text';
import { dateInputValue, formatClock, formatDay } from '../../lib/format';
import { calendarDay } from '../../lib/time-zone';
import { cellOf, isPastDay, movedTime } from './timeline-grid';

/**
 * Rescheduling a post from the calendar (a drag, the keyboard, or "Move to…"): through the edit
 * endpoint with the same checks as editing, a toast either way, and the words for the calendar's
 * own live region. A day before today is refused before asking. Without an hour the post keeps
 * its time of day; with one, its minutes.
 */
export function useMovePost() {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const update = useUpdatePost();

  /** "Tuesday, December 8, 2026 at 10:30 AM": where the post would be at `hour` on `day`. */
  const whenText = (day: Date, hour: number, post: PostView) => {
    const { time } = movedTime(post, day, hour);
    const [h, m] = time.split(':').map(Number);
    return t('timeline.when', {
      date: formatDay(day, language, 'full'),
      time: formatClock(calendarDay(day.getFullYear(), day.getMonth(), day.getDate(), h, m), language),
    });
  };

  /** Moves the post; resolves to whether it moved and what happened, in words (null when it stays where it is). */
  const move = async (
    post: PostView,
    day: Date,
    hour: number = cellOf(post).hour,
  ): Promise<{ moved: boolean; said: string } | null> => {
    const current = cellOf(post);
    if (current.date === dateInputValue(day) && current.hour === hour) return null;
    if (isPastDay(day)) {
      const refused = t('month.pastDay');
      toast.error(refused);
      return { moved: false, said: refused };
    }
    const { date, time } = movedTime(post, day, hour);
    try {
      await update.mutateAsync({ post, date, time });
      const done = t('timeline.moved', { when: whenText(day, hour, post) });
      toast.success(done);
      return { moved: true, said: done };
    } catch (error) {
      toast.error(t('timeline.moveFailed'), { description: errorText(error) });
      return { moved: false, said: `${t('timeline.moveFailed')}. ${errorText(error)}` };
    }
  };

  return { move, whenText, isPending: update.isPending };
}

/**
 * A post chip's native drag (a mouse on a desktop), the same in the month and the week: it
 * carries the post's id, and the view knows which post moves until the drag ends.
 */
export function nativeDragProps(
  post: PostView,
  movable: boolean,
  view: { setDragging: (id: string | null) => void; setOver: (key: null) => void },
) {
  return {
    draggable: movable,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData('text/plain', post.id);
      event.dataTransfer.effectAllowed = 'move';
      view.setDragging(post.id);
    },
    onDragEnd: () => {
      view.setDragging(null);
      view.setOver(null);
    },
  };
}
