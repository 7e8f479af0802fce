import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always lower-cased, so one person never ends up with two accounts. */
    email: text('email').notNull().unique(),
    /** Recomputed from ADMIN_EMAILS at every sign-in. */
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    /** Stored in the read-back shape of the contracts (lists under `details`); null until saved. */
    personalization: jsonb('personalization'),
    /** Raised by every save; part of the event id so each change is delivered once. */
    personalizationVersion: integer('personalization_version').notNull().default(0),
    /** Set only from the linkedin service's account events, never by the client. */
    linkedinConnected: boolean('linkedin_connected').notNull().default(false),
    /** When the event that set `linkedinConnected` was published: an older event never wins. */
    linkedinChangedAt: timestamp('linkedin_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/** Sign-in links. Only the SHA-256 of the token is kept, so a database leak opens no account. */
export const magicLinks = authSchema.table(
  'magic_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('magic_links_expires_at_idx').on(t.expiresAt)],
);

export const schema = { users, magicLinks };
export type UserRow = typeof users.$inferSelect;
