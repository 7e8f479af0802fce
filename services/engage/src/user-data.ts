import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import { asc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  autopilotPeople,
  autopilotSends,
  autopilotSettings,
  comments,
  feedItems,
  networkAccounts,
  people,
  plans,
  type schema,
  settings,
  suggestions,
  suggestionUsage,
  topics,
  writers,
} from './db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * The engage part of 'Download my data': what the user follows, what was sent in their name, how
 * autopilot is set, and the feed and suggestions prepared for them. The copies of other services'
 * data (plan, writer, network account) are given as kept here; the hosted API's sealed account id
 * is not (it is a credential, and its clear value is the linkedin part's).
 */
export async function exportEngageData(db: Db, userId: string) {
  const followed = await db.select().from(people).where(eq(people.userId, userId)).orderBy(asc(people.createdAt));
  const followedTopics = await db.select().from(topics).where(eq(topics.userId, userId)).orderBy(asc(topics.createdAt));
  const sent = await db.select().from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.createdAt));
  const [setting] = await db.select().from(settings).where(eq(settings.userId, userId));
  const [autopilot] = await db.select().from(autopilotSettings).where(eq(autopilotSettings.userId, userId));
  const autopilotOn = await db
    .select({ personId: autopilotPeople.personId })
    .from(autopilotPeople)
    .where(eq(autopilotPeople.userId, userId));
  const sends = await db
    .select()
    .from(autopilotSends)
    .where(eq(autopilotSends.userId, userId))
    .orderBy(asc(autopilotSends.createdAt));
  const feed = await db.select().from(feedItems).where(eq(feedItems.userId, userId)).orderBy(asc(feedItems.postedAt));
  const prepared = await db.select().from(suggestions).where(eq(suggestions.userId, userId));
  const usage = await db
    .select()
    .from(suggestionUsage)
    .where(eq(suggestionUsage.userId, userId))
    .orderBy(asc(suggestionUsage.day));
  const [plan] = await db.select().from(plans).where(eq(plans.userId, userId));
  const [writer] = await db.select().from(writers).where(eq(writers.userId, userId));
  const [account] = await db.select().from(networkAccounts).where(eq(networkAccounts.userId, userId));
  return {
    people: followed.map((p) => ({
      id: p.id,
      handle: p.handle,
      profileUrl: p.profileUrl,
      name: p.name,
      headline: p.headline,
      language: p.language,
      createdAt: p.createdAt.toISOString(),
    })),
    topics: followedTopics.map((t) => ({ topic: t.topic, createdAt: t.createdAt.toISOString() })),
    comments: sent.map((c) => ({
      postId: c.postId,
      postUrl: c.postUrl,
      authorName: c.authorName,
      text: c.text,
      status: c.status,
      origin: c.origin,
      url: c.url,
      reason: c.reason,
      code: c.code,
      createdAt: c.createdAt.toISOString(),
      sentAt: iso(c.sentAt),
    })),
    suggestionLanguage: setting?.language ?? null,
    feedRefreshedAt: iso(setting?.refreshedAt),
    autopilot: autopilot
      ? {
          enabled: autopilot.enabled,
          paused: autopilot.paused,
          dailyCap: autopilot.dailyCap,
          hoursStart: autopilot.hoursStart,
          hoursEnd: autopilot.hoursEnd,
          days: autopilot.days,
          timeZone: autopilot.timeZone,
          suggestion: autopilot.suggestion,
          stoppedCode: autopilot.stoppedCode,
          stoppedAt: iso(autopilot.stoppedAt),
          people: autopilotOn.map((p) => p.personId),
          sends: sends.map((s) => ({
            postId: s.postId,
            day: s.day,
            outcome: s.outcome,
            createdAt: s.createdAt.toISOString(),
          })),
        }
      : null,
    feed: feed.map((f) => ({
      postId: f.postId,
      url: f.url,
      authorName: f.authorName,
      text: f.text,
      postedAt: f.postedAt.toISOString(),
      byUrl: f.byUrl,
    })),
    suggestions: prepared.map((s) => ({ postId: s.postId, language: s.language, items: s.items })),
    suggestionUsage: usage.map((u) => ({ day: u.day, count: u.count })),
    plan: plan ? { plan: plan.plan, status: plan.status, commentingCredits: plan.commentingCredits } : null,
    writer: writer
      ? { language: writer.language, register: writer.register, tone: writer.tone, voice: writer.voice }
      : null,
    networkAccount: account ? { provider: account.provider, connected: account.connected } : null,
  };
}

/** The engage part of 'Download my data'. */
export function userDataRoutes(app: ServiceApp, db: Db): void {
  route(app, API.engage.export, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await exportEngageData(db, identityOf(request).userId) };
  });
}
