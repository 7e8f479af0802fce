import {
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { ReactNode } from 'react';
import type { PostView } from '../../lib/api/posts';
import { formatClock } from '../../lib/format';

/**
 * Dragging the calendar's posts with a finger (dnd-kit's touch sensor). The mouse keeps the
 * browser's own drag and drop and the keyboard its own pick-up, both in PostsTimeline; a finger
 * gets neither from the browser, so it goes through dnd-kit: a post held still for a moment is
 * picked up, and a finger that moves first scrolls the page or the grid as it always did.
 */

/** A hold this long (moving less than the tolerance) picks a post up; a quicker swipe scrolls. */
export const TOUCH_ACTIVATION = { delay: 250, tolerance: 5 } as const;

/**
 * The chip's classes for touch: `touch-manipulation` leaves panning to the browser until the
 * hold picks the post up (the sensor then cancels the touch moves, so the page stops scrolling
 * under the finger) and drops the double-tap zoom; no text selection or callout on the hold.
 */
export const TOUCH_DRAG_CLASSES = 'touch-manipulation select-none [-webkit-touch-callout:none]';

/** The sensors of the timeline's DndContext: touch only. */
export function useTimelineTouchSensors() {
  return useSensors(useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }));
}

/** The pointer's cell: the finger is where the post goes, whatever the chip's size. */
export const timelineCollision = pointerWithin;

/** dnd-kit says nothing itself: the timeline announces in its own live region, in the interface language. */
export const silentAnnouncements: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

export type { DragEndEvent, DragOverEvent, DragStartEvent };

/** A chip a finger can pick up: hands the render its ref and the touch listener to spread. */
export function TouchDraggable({
  id,
  disabled,
  children,
}: {
  id: string;
  disabled: boolean;
  children: (drag: {
    ref: (element: HTMLElement | null) => void;
    listeners: ReturnType<typeof useDraggable>['listeners'];
  }) => ReactNode;
}) {
  const { setNodeRef, listeners } = useDraggable({ id, disabled });
  // Only the listeners: the chip is already a named button with its own keyboard moves and
  // description, which dnd-kit's attributes (a role description, another description) would replace.
  return children({ ref: setNodeRef, listeners });
}

/**
 * A cell a finger can put a post down in (`id`: the cell's key, `YYYY-MM-DD@H`, or `YYYY-MM-DD`
 * for a month's day, which has no hour: the post keeps its own).
 */
export function TouchDroppable({
  id,
  day,
  hour,
  children,
}: {
  id: string;
  day: Date;
  hour?: number;
  children: (ref: (element: HTMLElement | null) => void) => ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id, data: { day, hour } });
  return children(setNodeRef);
}

/**
 * The post under the finger while it moves (`post`: the one held, null when none): the chip
 * itself stays in its cell, which the grid's box clips.
 */
export function TouchOverlay({
  post,
  language,
  className,
  testId,
}: {
  post: PostView | null;
  language: string;
  className: string;
  testId: string;
}) {
  return (
    <DragOverlay dropAnimation={null}>
      {post ? (
        <div
          className={`truncate bg-brand-600 px-1.5 py-1 text-start text-xs text-white shadow-lg ${className}`}
          data-testid={testId}
        >
          <span className="tabular-nums">{formatClock(post.scheduledAt, language)}</span>{' '}
          <span dir="auto">{post.content}</span>
        </div>
      ) : null}
    </DragOverlay>
  );
}
