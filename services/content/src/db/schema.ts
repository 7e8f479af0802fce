import { adminAuditTable, workspaceMemberTables } from '@nashr/platform';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const contentSchema = pgSchema('content');

/** One row per block and language; a block never saved has no row and is served from the seed. */
export const blocks = contentSchema.table(
  'blocks',
  {
    name: text('name').notNull(),
    lang: text('lang').notNull(),
    data: jsonb('data').notNull(),
    /** Raised by every save; an editor that loaded an older version cannot overwrite a newer one. */
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.name, t.lang] })],
);

/** Administrators' saves: who, which block, from where, when. */
export const adminAudit = adminAuditTable(contentSchema);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The words of a post, stemmed by one language's snowball configuration, kept up to date by PostgreSQL. */
const searchVector = (config: 'arabic' | 'english') =>
  tsvector(`search_${config === 'arabic' ? 'ar' : 'en'}`).generatedAlwaysAs(
    (): SQL => sql.raw(`to_tsvector('${config}'::regconfig, coalesce(author, '') || ' ' || body)`),
  );

/**
 * The inspiration library: strong posts curated by admins. Every post is indexed in both
 * languages' stemming, so an Arabic post quoting English words is found by them too.
 */
export const libraryPosts = contentSchema.table(
  'library_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lang: text('lang').notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    topic: text('topic').notNull(),
    format: text('format').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    /** The seed's own name for the posts it adds, so starting again adds none twice. */
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    searchAr: searchVector('arabic'),
    searchEn: searchVector('english'),
  },
  (t) => [
    uniqueIndex('library_posts_seed_key_idx').on(t.seedKey),
    index('library_posts_search_ar_idx').using('gin', t.searchAr),
    index('library_posts_search_en_idx').using('gin', t.searchEn),
    index('library_posts_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Each workspace's saved library posts, shared by its members: only ever read and written for the
 * workspace a request acts in. A personal workspace's id is its account's.
 */
export const libraryFavourites = contentSchema.table(
  'library_favourites',
  {
    workspaceId: uuid('workspace_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => libraryPosts.id, { onDelete: 'cascade' }),
    /** Who saved it: null once their account is deleted (a shared workspace's favourite stays). */
    addedBy: uuid('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.postId] }),
    index('library_favourites_post_idx').on(t.postId),
    // A deleted account's name comes off what it saved; its data export lists what it saved.
    index('library_favourites_added_by_idx').on(t.addedBy),
  ],
);

/**
 * How much of the library each user's plan shows, as the billing service last said
 * (`entitlement-changed`): a copy that keeps the highest version. A user billing has not spoken of
 * has no row and sees the whole library.
 */
export const libraryAllowances = contentSchema.table('library_allowances', {
  userId: uuid('user_id').primaryKey(),
  plan: text('plan').notNull(),
  active: boolean('active').notNull(),
  /** How many of the newest posts the plan shows; null: all of them. */
  posts: integer('posts'),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The content service's copy of the members of shared workspaces (auth's `workspace-members-changed`). */
export const { workspaceRole, workspaceMembers, workspaceVersions } = workspaceMemberTables(contentSchema);

export const schema = {
  blocks,
  adminAudit,
  libraryPosts,
  libraryFavourites,
  libraryAllowances,
  workspaceMembers,
  workspaceVersions,
};
