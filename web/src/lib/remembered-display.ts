import { type DisplayPreferences, readDisplayPreferences } from '@nashr/contracts';

/**
 * The display preferences this browser last read or saved, with the id of the user they belong
 * to: a fresh load renders its first frame with them (digits, Hijri, week start) instead of the
 * defaults, so numbers do not switch from one form to the other once the server's answer is in.
 */
const REMEMBERED_KEY = 'displayPreferences';

export function rememberedDisplayPreferences(userId: string | undefined): DisplayPreferences | undefined {
  if (!userId) return undefined;
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? 'null') as {
      userId?: unknown;
      preferences?: unknown;
    } | null;
    return stored?.userId === userId ? readDisplayPreferences(stored.preferences) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberDisplayPreferences(userId: string, preferences: DisplayPreferences): void {
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ userId, preferences }));
  } catch {
    // Private modes may refuse storage: the next load then starts from the defaults.
  }
}

/** On signing out: the next person on this browser starts from the defaults. */
export function forgetDisplayPreferences(): void {
  try {
    localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Nothing was stored.
  }
}
