import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

/**
 * While `dirty`, leaving the screen (a link, Back, closing or reloading the tab) asks first, as
 * the admin editor does. Render `<DiscardChangesDialog {...guard} />` with what this returns.
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current,
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  return {
    open: blocked,
    onKeep: () => {
      if (blocked) blocker.reset();
    },
    onDiscard: () => {
      dirtyRef.current = false;
      if (blocked) blocker.proceed();
    },
  };
}
