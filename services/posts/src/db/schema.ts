import { MAX_POST_LENGTH, POST_STATUSES } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const postsSchema = pgSchema('posts');

export const postStatus = postsSchema.enum('post_status', POST_STATUSES);

export const posts = postsSchema.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    content: text('content').notNull(),
    status: postStatus('status').notNull(),
    /** The instant it is due, in UTC; "publish now" posts carry the moment they were sent. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** The user's IANA zone: the date and time are shown (and were entered) in it. */
    timeZone: text('time_zone').notNull(),
    /** The date and time exactly as the user typed them, for support questions about "wrong hours". */
    enteredDate: text('entered_date'),
    enteredTime: text('entered_time'),
    networkPostId: text('network_post_id'),
    networkUrl: text('network_url'),
    failureReason: text('failure_reason'),
    /** Hand-overs to the network; the publish job id is `publish-{id}-{attempts}`. */
    attempts: integer('attempts').notNull().default(0),
    /** Raised by every edit, reschedule, retry and cancel; the due job id is `due-{id}-{version}`. */
    version: integer('version').notNull().default(1),
    /** When the current hand-over started; the reconciler looks at old ones. */
    publishingSince: timestamp('publishing_since', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_user_scheduled_at_idx').on(t.userId, t.scheduledAt),
    index('posts_status_scheduled_at_idx').on(t.status, t.scheduledAt),
    check('posts_content_length', sql`char_length(${t.content}) between 1 and ${sql.raw(String(MAX_POST_LENGTH))}`),
  ],
);

export type PostRow = typeof posts.$inferSelect;

export const schema = { posts };
