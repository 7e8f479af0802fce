import {
  ENGAGE_ERROR_CODES as E,
  ENGAGE_LIMITS,
  type EngagePerson,
  type EngageTopic,
  profileHandleOf,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, desc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { people, type schema, topics } from './db/schema.js';
import { refusals } from './providers/refusals.js';
import type { EngageProvider } from './providers/types.js';

type Db = PostgresJsDatabase<typeof schema>;

const personOf = (row: typeof people.$inferSelect): EngagePerson => ({
  id: row.id,
  handle: row.handle,
  profileUrl: row.profileUrl,
  name: row.name,
  headline: row.headline,
  language: row.language === 'en' ? 'en' : 'ar',
  createdAt: row.createdAt.toISOString(),
});
const topicOf = (row: typeof topics.$inferSelect): EngageTopic => ({
  id: row.id,
  topic: row.topic,
  createdAt: row.createdAt.toISOString(),
});

/** Whom each user engages with: their people and topics, never anyone else's. */
export class Targets {
  constructor(
    private readonly db: Db,
    private readonly provider: EngageProvider,
  ) {}

  async list(userId: string) {
    const [p, t] = await Promise.all([
      this.db.select().from(people).where(eq(people.userId, userId)).orderBy(desc(people.createdAt)),
      this.db.select().from(topics).where(eq(topics.userId, userId)).orderBy(desc(topics.createdAt)),
    ]);
    return { people: p.map(personOf), topics: t.map(topicOf) };
  }

  /** The handles and topics a refresh reads. */
  async forRefresh(userId: string) {
    const [p, t] = await Promise.all([
      this.db.select({ handle: people.handle }).from(people).where(eq(people.userId, userId)),
      this.db.select({ topic: topics.topic }).from(topics).where(eq(topics.userId, userId)),
    ]);
    return { handles: p.map((r) => r.handle), topics: t.map((r) => r.topic) };
  }

  async addPerson(userId: string, profileUrl: string): Promise<EngagePerson> {
    const handle = profileHandleOf(profileUrl);
    if (!handle) {
      throw new AppError(
        'BAD_REQUEST',
        'This is not a profile address. Paste the address of their profile, like https://www.linkedin.com/in/name.',
        { code: E.invalidProfileUrl },
      );
    }
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(people).where(eq(people.userId, userId));
    if (n >= ENGAGE_LIMITS.people) {
      throw new AppError(
        'CONFLICT',
        `You follow ${ENGAGE_LIMITS.people} people, the most Engage allows. Remove one first.`,
        {
          code: E.tooManyPeople,
          params: { limit: ENGAGE_LIMITS.people },
        },
      );
    }
    const profile = await this.provider.lookupProfile(handle, userId);
    if (!profile) {
      throw new AppError('NOT_FOUND', 'We could not find this profile, or it is private. Check the address.', {
        code: E.unknownProfile,
      });
    }
    const [row] = await this.db
      .insert(people)
      .values({
        userId,
        handle: profile.handle,
        profileUrl: profile.profileUrl,
        name: profile.name,
        headline: profile.headline,
        language: profile.language,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', `You already follow ${profile.name}.`, {
        code: E.personExists,
        params: { name: profile.name },
      });
    }
    return personOf(row);
  }

  async addTopic(userId: string, topic: string): Promise<EngageTopic> {
    const network = await this.provider.network(userId);
    if (!network.features.follow) {
      throw network.mode === 'not_connected' ? refusals.notConnected() : refusals.feedNotOffered();
    }
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(topics).where(eq(topics.userId, userId));
    if (n >= ENGAGE_LIMITS.topics) {
      throw new AppError(
        'CONFLICT',
        `You follow ${ENGAGE_LIMITS.topics} topics, the most Engage allows. Remove one first.`,
        {
          code: E.tooManyTopics,
          params: { limit: ENGAGE_LIMITS.topics },
        },
      );
    }
    const [row] = await this.db
      .insert(topics)
      .values({ userId, topic, topicKey: topic.toLocaleLowerCase() })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', `You already follow “${topic}”.`, { code: E.topicExists, params: { topic } });
    }
    return topicOf(row);
  }

  /** Removes one of the user's own entries: another user's id reads as not found. */
  async remove(userId: string, kind: 'person' | 'topic', id: string): Promise<void> {
    const table = kind === 'person' ? people : topics;
    const rows = await this.db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id });
    if (rows.length === 0) {
      throw new AppError('NOT_FOUND', 'This entry is not in your lists (it may have been removed already).', {
        code: E.notFound,
      });
    }
  }
}
