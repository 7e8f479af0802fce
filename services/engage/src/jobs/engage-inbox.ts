import {
  accountConnectedEvent,
  accountDisconnectedEvent,
  engageCommentAnsweredEvent,
  entitlementChangedEvent,
  personalizationUpdatedEvent,
  QUEUES,
  userDeletedEvent,
  type VoiceTraits,
  voiceChangedEvent,
  voiceTraitsSchema,
} from '@nashr/contracts';
import { forgetJobs, handleJob, jobOfUser, type Queues } from '@nashr/platform';
import { eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Allowance } from '../allowance.js';
import {
  autopilotPeople,
  autopilotSends,
  autopilotSettings,
  comments,
  feedItems,
  people,
  plans,
  sandboxComments,
  type schema,
  settings,
  suggestionRequests,
  suggestions,
  suggestionUsage,
  topics,
  writers,
} from '../db/schema.js';
import { type Feed, refreshSchedulerId } from '../feed.js';
import type { NetworkAccounts } from '../network-accounts.js';
import type { Sending } from '../sending.js';
import type { Writers } from '../writer.js';

/** Whether two voices have the same traits (stored JSON keeps its keys in another order). */
function sameVoice(a: VoiceTraits | null, b: VoiceTraits | null): boolean {
  if (!a || !b) return a === b;
  return Object.keys(voiceTraitsSchema.shape).every(
    (key) => a[key as keyof VoiceTraits] === b[key as keyof VoiceTraits],
  );
}

/**
 * Plans from billing, the writer's personalization and voice (each copy keeps the newest; a newer
 * one has the prepared suggestions written again), the user's network account (the newest kept),
 * the linkedin service's answers to the comments it sent, and deleted accounts. All are safe to
 * run twice.
 */
export function engageInbox(
  allowance: Allowance,
  db: PostgresJsDatabase<typeof schema>,
  queues: Queues,
  writerCopies: Writers,
  feed: Feed,
  networkAccounts: NetworkAccounts,
  sending: Sending,
) {
  return [
    // The official API's comments, sent by the linkedin service: the row takes the answer.
    handleJob(engageCommentAnsweredEvent, async (answer, _job, log) => {
      const applied = await sending.applyAnswer(answer, log);
      log.info({ commentId: answer.commentId, outcome: answer.outcome, applied }, 'engage: comment answered');
      return { applied };
    }),
    // Which network holds the user's account (and the hosted API's account id, sealed).
    handleJob(accountConnectedEvent, async ({ userId, network, changedAt }, job, log) => {
      if (!network) return { applied: false };
      const applied = await networkAccounts.connected(userId, network, new Date(changedAt ?? job.timestamp));
      log.info({ userId, provider: network.provider, applied }, 'engage: network account copy');
      return { applied };
    }),
    handleJob(accountDisconnectedEvent, async ({ userId, changedAt }, job, log) => {
      const applied = await networkAccounts.disconnected(userId, new Date(changedAt ?? job.timestamp));
      log.info({ userId, applied }, 'engage: network account disconnected');
      return { applied };
    }),
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const applied = await allowance.applyPlan(event);
      log.info({ userId: event.userId, version: event.version, applied }, 'engage: plan copy');
      return { applied };
    }),
    // How the user writes: suggestions written from now on follow it, and those prepared but not
    // used yet are written again.
    handleJob(personalizationUpdatedEvent, async ({ userId, personalization, version, requestId }, job, log) => {
      const applied = await writerCopies.applyPersonalization(
        userId,
        personalization,
        version ?? 0,
        new Date(job.timestamp),
      );
      const rewrite = applied ? await feed.rewriteUnused(userId, `p${version ?? job.timestamp}`, requestId) : 0;
      log.info({ userId, applied, rewrite }, 'engage: personalization copy');
      return { applied, rewrite };
    }),
    handleJob(voiceChangedEvent, async ({ userId, traits, changedAt, requestId }, _job, log) => {
      const before = await writerCopies.voice(userId);
      const applied = await writerCopies.applyVoice(userId, traits, new Date(changedAt));
      // The voice is measured again as posts are published: the same traits change nothing.
      const changed = applied && !sameVoice(before, traits);
      const rewrite = changed ? await feed.rewriteUnused(userId, `v${changedAt}`, requestId) : 0;
      log.info({ userId, applied, rewrite }, 'engage: voice copy');
      return { applied, rewrite };
    }),
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      await queues.get(QUEUES.engageFeed).removeJobScheduler(refreshSchedulerId(userId));
      let rows = 0;
      for (const table of [
        people,
        topics,
        settings,
        feedItems,
        suggestions,
        suggestionRequests,
        suggestionUsage,
        comments,
        plans,
        writers,
        autopilotPeople,
        autopilotSends,
        autopilotSettings,
      ]) {
        rows += (await db.delete(table).where(eq(table.userId, userId)).returning()).length;
      }
      rows += (await db.delete(sandboxComments).where(eq(sandboxComments.userId, userId)).returning()).length;
      rows += await networkAccounts.forget(userId);
      let forgotten = 0;
      for (const queue of [QUEUES.engageFeed, QUEUES.engageInbox, QUEUES.engageAutopilot] as const) {
        forgotten += await forgetJobs(queues.get(queue), jobOfUser(userId), [userId]);
      }
      log.info({ userId, rows, forgotten }, 'deleted account: engage rows removed');
      return { rows, forgotten };
    }),
  ];
}
