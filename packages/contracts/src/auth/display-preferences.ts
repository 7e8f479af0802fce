import { z } from 'zod';

/** The first column of the calendar grid. Monday is the default; much of the Arab world starts on Saturday or Sunday. */
export const WEEK_START_OPTIONS = ['saturday', 'sunday', 'monday'] as const;
export type WeekStart = (typeof WEEK_START_OPTIONS)[number];

/** How digits are written: Western (0-9, Intl's `latn`) or Arabic-Indic (٠-٩, Intl's `arab`). */
export const DIGITS_OPTIONS = ['latn', 'arab'] as const;
export type Digits = (typeof DIGITS_OPTIONS)[number];

/** How the interface shows numbers and dates; stored with the user by the auth service. */
export const displayPreferencesSchema = z.object({
  /** Show the Hijri (Umm al-Qura) date beside the Gregorian one. */
  hijri: z.boolean(),
  weekStart: z.enum(WEEK_START_OPTIONS, 'Choose Saturday, Sunday or Monday'),
  digits: z.enum(DIGITS_OPTIONS, 'Choose Western or Arabic-Indic digits'),
});
export type DisplayPreferences = z.infer<typeof displayPreferencesSchema>;

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = { hijri: false, weekStart: 'monday', digits: 'latn' };

/** Saving: any part of them; what is left out keeps its value. */
export const displayPreferencesUpdateSchema = displayPreferencesSchema.partial().strict();
export type DisplayPreferencesUpdate = z.infer<typeof displayPreferencesUpdateSchema>;

export const displayPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: displayPreferencesSchema,
});

/** A stored value read back: a part that no longer fits (or was never saved) takes its default. */
export function readDisplayPreferences(stored: unknown): DisplayPreferences {
  const parts = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const pick = <K extends keyof DisplayPreferences>(key: K): DisplayPreferences[K] => {
    const parsed = displayPreferencesSchema.shape[key].safeParse(parts[key]);
    return parsed.success ? (parsed.data as DisplayPreferences[K]) : DEFAULT_DISPLAY_PREFERENCES[key];
  };
  return { hijri: pick('hijri'), weekStart: pick('weekStart'), digits: pick('digits') };
}
