import { z } from 'zod';
import { PLAN_IDS } from './billing/index.js';

/**
 * 'Delete my account' is confirmed by typing the account's e-mail address: a word in one language
 * would not fit the other, and an address cannot be typed by accident.
 */
export const deleteAccountRequestSchema = z.object({
  confirmation: z.string().trim().min(1).max(320).describe("The account's e-mail address, typed by the user"),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The account is deleted; `cancelledPlan`: the paid plan whose subscription ended with it (null: none was running). */
export const deleteAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cancelledPlan: z.enum(PLAN_IDS).nullable(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/**
 * The services that hold a part of a user's data; the web asks each for its part. Every service
 * whose schema has a table with a `user_id` column is here (test/data-export-parts.test.ts).
 */
export const DATA_EXPORT_PARTS = ['auth', 'linkedin', 'posts', 'ai', 'engage', 'billing', 'content'] as const;
export type DataExportPart = (typeof DATA_EXPORT_PARTS)[number];

/** One service's part of 'Download my data': what it stores about the user, as plain JSON. */
export const dataExportPartResponseSchema = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.unknown()),
});
export type DataExportPartResponse = z.infer<typeof dataExportPartResponseSchema>;
