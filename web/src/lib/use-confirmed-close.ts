import { useCallback, useRef, useState } from 'react';

/**
 * For a popup holding the user's writing: closing it (Escape, a click outside, Cancel, the close
 * icon) asks first while the form holds unsaved changes. Render
 * `<DiscardChangesDialog {...guard.question} />` beside the popup.
 *
 *   const guard = useConfirmedClose(() => onOpenChange(false));
 *   <DialogFrame onOpenChange={(open) => !open && guard.requestClose()} ...>
 *     <Form onCancel={guard.requestClose} reportDirty={guard.reportDirty} onDone={close} />
 *
 * The form reports while it renders (a ref, not state): an Escape pressed right after a keystroke
 * must already know about it.
 */
export function useConfirmedClose(close: () => void) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  return {
    reportDirty,
    requestClose: () => (dirty.current ? setAsking(true) : close()),
    question: {
      open: asking,
      onKeep: () => setAsking(false),
      onDiscard: () => {
        setAsking(false);
        dirty.current = false;
        close();
      },
    },
  };
}
