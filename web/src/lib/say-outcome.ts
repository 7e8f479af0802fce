import { toast } from 'sonner';
import { errorText } from './error-text';

/**
 * Runs `action`, then says how it went in a toast: the words `done` gives for its result, or the
 * error's own words (in the interface language, never a stack). Answers whether it succeeded.
 *
 *   onClick={() => oneAtATime(() => sayOutcome(() => retry.mutateAsync(post), () => t('server.retrying')))}
 */
export async function sayOutcome<T>(action: () => Promise<T>, done: (result: T) => string): Promise<boolean> {
  try {
    const result = await action();
    toast.success(done(result));
    return true;
  } catch (error) {
    toast.error(errorText(error));
    return false;
  }
}
