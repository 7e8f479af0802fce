import {
  entitlementChangedEvent,
  personalizationUpdatedEvent,
  QUEUES,
  userDeletedEvent,
  voiceChangedEvent,
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
  suggestions,
  suggestionUsage,
  topics,
  writers,
} from '../db/schema.js';
import { refreshSchedulerId } from '../feed.js';
import type { Writers } from '../writer.js';

/**
 * Plans from billing, the writer's personalization and voice (each copy keeps the newest), and
 * deleted accounts. All are safe to run twice.
 */
export function engageInbox(
  allowance: Allowance,
  db: PostgresJsDatabase<typeof schema>,
  queues: Queues,
  writerCopies: Writers,
) {
  return [
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const applied = await allowance.applyPlan(event);
      log.info({ userId: event.userId, version: event.version, applied }, 'engage: plan copy');
      return { applied };
    }),
    // How the user writes: suggestions written from now on follow it.
    handleJob(personalizationUpdatedEvent, async ({ userId, personalization, version }, job, log) => {
      const applied = await writerCopies.applyPersonalization(
        userId,
        personalization,
        version ?? 0,
        new Date(job.timestamp),
      );
      log.info({ userId, applied }, 'engage: personalization copy');
      return { applied };
    }),
    handleJob(voiceChangedEvent, async ({ userId, traits, changedAt }, _job, log) => {
      const applied = await writerCopies.applyVoice(userId, traits, new Date(changedAt));
      log.info({ userId, applied }, 'engage: voice copy');
      return { applied };
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
      let forgotten = 0;
      for (const queue of [QUEUES.engageFeed, QUEUES.engageInbox, QUEUES.engageAutopilot] as const) {
        forgotten += await forgetJobs(queues.get(queue), jobOfUser(userId), [userId]);
      }
      log.info({ userId, rows, forgotten }, 'deleted account: engage rows removed');
      return { rows, forgotten };
    }),
  ];
}
