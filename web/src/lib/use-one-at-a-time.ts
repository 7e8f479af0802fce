import { useCallback, useRef } from 'react';

/**
 * Runs an action only when the previous run has finished. A mutation's `isPending` reaches the
 * screen one render late, so a double-click's second click would otherwise start a second request
 * before the button is disabled; this guard is set synchronously on the first click.
 *
 *   const once = useOneAtATime();
 *   <button onClick={() => once(() => save.mutateAsync(values))} disabled={save.isPending}>
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action();
    } finally {
      running.current = false;
    }
  }, []);
}
