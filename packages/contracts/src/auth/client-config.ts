import { z } from 'zod';

/**
 * Below this many accounts the sign-up page says no number at all: "at least 7 people have
 * joined" helps nobody, and a young installation's size is its own business. An installation may
 * raise or lower it (the auth service's `MEMBER_COUNT_MIN`).
 */
export const MEMBER_COUNT_MIN = 100;

/**
 * The number of accounts as the sign-up page may say it: rounded down to two significant digits
 * (1,234 → 1,200; 187 → 180), so "at least N" stays true while a few people join or leave, and
 * null below `min`.
 */
export function memberCountShown(total: number, min: number = MEMBER_COUNT_MIN): number | null {
  if (!Number.isSafeInteger(total) || total < Math.max(1, min)) return null;
  const step = 10 ** Math.max(0, String(total).length - 2);
  return Math.floor(total / step) * step;
}

/**
 * `GET /api/v1/auth/client-config`: what the sign-in screens need to know about this
 * installation. `mailInboxUrl` is set only in development (the local mail catcher), and the
 * '/verify' page's 'Open Gmail' button opens it instead of Gmail. `memberCount` is the real
 * number of accounts (`memberCountShown`), null below the threshold; the sign-up panel shows it
 * only when the admins chose to (the `signup` content block's `showMemberCount`).
 */
export const authClientConfigSchema = z.object({
  success: z.literal(true),
  data: z.object({
    googleEnabled: z.boolean(),
    mailInboxUrl: z.string().url().nullable(),
    memberCount: z.number().int().positive().nullable(),
  }),
});
export type AuthClientConfig = z.infer<typeof authClientConfigSchema>['data'];
