import { useState } from 'react';
import { toast } from 'sonner';
import { errorText } from './error-text';

/**
 * Removing something from a list (a device, a token, a session): `ask` opens the question, and
 * the answer "remove" runs `remove`, then says it in a toast, or says the error. `run` removes
 * without asking. Render `<DiscardChangesDialog {...removal.question} copy={…} />` beside the
 * list; `asking` is what the question is about, for its words.
 *
 *   const removal = useConfirmedRemoval(remove.mutateAsync, () => t('push.devices.removed'));
 *   <button onClick={() => removal.ask(device)}>…
 *
 * `removed` gives the success toast's words, or does something else instead (ending this
 * browser's own session leaves for the sign-in page) and says nothing.
 */
export function useConfirmedRemoval<T>(
  remove: (item: T) => Promise<unknown>,
  removed: (item: T) => string | Promise<unknown>,
) {
  const [asking, setAsking] = useState<T | null>(null);

  const run = async (item: T) => {
    try {
      await remove(item);
      const outcome = removed(item);
      if (typeof outcome === 'string') toast.success(outcome);
      else await outcome;
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return {
    asking,
    ask: (item: T) => setAsking(() => item),
    run,
    question: {
      open: asking !== null,
      onKeep: () => setAsking(null),
      onDiscard: () => {
        const item = asking;
        setAsking(null);
        if (item !== null) void run(item);
      },
    },
  };
}
