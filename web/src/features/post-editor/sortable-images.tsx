import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  type ScreenReaderInstructions,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AttachedMedia } from '@nashr/contracts';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/**
 * The images of a post as a list that can be reordered by dragging a thumbnail (mouse, or a finger
 * held a moment so the page still scrolls) or by keyboard (Space or Enter picks the focused image
 * up, the arrow keys move it to the image drawn on that side, so they follow the screen in
 * Arabic and English alike, Space or Enter drops it, Escape cancels). Every step is announced to
 * screen readers in the interface language. The new order is kept only when the image is dropped.
 */
export function SortableImages({
  media,
  disabled,
  onMove,
  children,
}: {
  media: AttachedMedia[];
  disabled?: boolean;
  onMove: (id: string, to: number) => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('composer');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = media.map((m) => m.id);
  const number = (value: number) => formatNumber(value, i18n.language);
  const count = number(ids.length);
  const n = (id: UniqueIdentifier) => number(ids.indexOf(String(id)) + 1);
  const position = (id: UniqueIdentifier | undefined, fallback: UniqueIdentifier) =>
    number(ids.indexOf(String(id ?? fallback)) + 1);

  // The place last announced: the pick-up says where the image starts, so the first 'over' (its own place) is not said again.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('media.dragPicked', { n: n(active.id), position: n(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('media.dragOver', { n: n(active.id), position: position(over.id, active.id), count });
    },
    onDragEnd: ({ active, over }) =>
      t('media.dragDropped', { n: n(active.id), position: position(over?.id, active.id), count }),
    onDragCancel: ({ active }) => t('media.dragCancelled', { n: n(active.id), position: n(active.id), count }),
  };
  const instructions: ScreenReaderInstructions = { draggable: t('media.dragInstructions') };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One image of the list: the thumbnail is what is picked up (focusable, named by its alt text, with
 * the instructions as its description); `children` are its buttons, which stay ordinary buttons.
 */
export function SortableImage({ id, children, thumbnail }: { id: string; thumbnail: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('composer');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t('media.dragRole') },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative w-24 ${isDragging ? 'z-10 opacity-80' : ''}`}
      data-testid="media-item"
      data-media-id={id}
      data-dragging={isDragging}
    >
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className="cursor-grab rounded-lg outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing aria-disabled:cursor-default"
        data-testid="media-handle"
      >
        {thumbnail}
      </div>
      {children}
    </li>
  );
}
