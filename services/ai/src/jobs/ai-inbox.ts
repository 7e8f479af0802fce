import {
  creditsRenewalSweepJob,
  creditsRenewJob,
  entitlementChangedEvent,
  personalizationUpdatedEvent,
  postPublishedEvent,
  publishedPostsFetchedEvent,
  QUEUES,
  userDeletedEvent,
  VOICE_REMEASURE_POSTS,
  voiceMeasureRequestedEvent,
} from '@nashr/contracts';
import { forgetJobs, handleJob, jobOfUser, type Queues } from '@nashr/platform';
import type { IdeasStore } from '../advice/ideas-store.js';
import { type CreditStore, renewalJobId } from '../credits/credit-store.js';
import type { ProfileStore } from '../profile-store.js';
import type { AiUserData } from '../user-data.js';
import { announceVoice } from '../voice/announce.js';
import { measureVoice } from '../voice/measure.js';

export interface AiInboxDeps {
  profiles: ProfileStore;
  credits: CreditStore;
  userData: AiUserData;
  ideas: IdeasStore;
  queues: Queues;
  clock: () => Date;
}

/**
 * The ai inbox: personalization events from the auth service, published posts (the voice and
 * daily ideas learn from them), deleted accounts, the plans billing announces, and the credits
 * renewal of each billing period.
 */
export function aiInbox({ profiles, credits, userData, ideas, queues, clock }: AiInboxDeps) {
  return [
    handleJob(personalizationUpdatedEvent, async (payload, job, log) => {
      // The publish time orders events: a late, older one never replaces a newer copy.
      const stored = await profiles.savePersonalization(
        payload.userId,
        payload.personalization,
        payload.version ?? 0,
        new Date(job.timestamp),
      );
      log.info({ userId: payload.userId, stored }, stored ? 'personalization stored' : 'older personalization ignored');
      return { stored };
    }),
    handleJob(publishedPostsFetchedEvent, async ({ userId, posts, requestId }, _job, log) => {
      const voice = measureVoice(posts);
      await profiles.saveMeasuredVoice(userId, voice?.traits ?? null, voice?.measures ?? null, clock());
      await announceVoice(queues, profiles, userId, requestId);
      // Their openings too, so daily ideas never repeat what the writer already posted.
      await ideas.savePosts(userId, posts, clock());
      log.info({ userId, posts: posts.length, measured: !!voice }, 'writer voice measured');
      return { measured: !!voice };
    }),
    // Enough new posts since the last measure: ask the linkedin service to read them again. The
    // request's id names the last measure, so however many more posts come first, it is asked once;
    // the new measure keeps the user's corrections.
    handleJob(postPublishedEvent, async ({ userId, postId, publishedAt, requestId }, _job, log) => {
      const { sinceMeasure, measuredAt } = await profiles.countPublishedPost(userId, postId, new Date(publishedAt));
      const due = sinceMeasure >= VOICE_REMEASURE_POSTS;
      if (due) {
        await queues.publish(
          voiceMeasureRequestedEvent,
          { userId, requestId },
          { id: `voice-${userId}-${measuredAt?.getTime() ?? 0}` },
        );
      }
      log.info({ userId, sinceMeasure, remeasure: due }, 'published post counted for the voice');
      return { sinceMeasure, remeasure: due };
    }),
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      await userData.forget(userId);
      let forgotten = 0;
      for (const queue of [QUEUES.aiInbox, QUEUES.aiComments] as const) {
        forgotten += await forgetJobs(queues.get(queue), jobOfUser(userId), [userId]);
      }
      log.info({ userId, forgotten }, 'deleted account: ai data removed');
      return { forgotten };
    }),
    // The user's plan changed: the allowance follows it, and a new period gets its renewal job.
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const applied = await credits.applyEntitlement(event, clock());
      if (applied && event.periodStart) {
        const periodStart = new Date(event.periodStart);
        await queues.enqueue(
          creditsRenewJob,
          { userId: event.userId, periodStart: periodStart.toISOString(), requestId: event.requestId },
          { jobId: renewalJobId(event.userId, periodStart) },
        );
      }
      log.info(
        { userId: event.userId, version: event.version, plan: event.plan, applied },
        'ai credits follow the plan',
      );
      return { applied };
    }),
    handleJob(creditsRenewJob, async ({ userId, periodStart }, _job, log) => {
      const renewed = await credits.renew(userId, new Date(periodStart), clock());
      log.info(
        { userId, periodStart, renewed },
        renewed ? 'ai credits renewed for the period' : 'period renewed already',
      );
      return { renewed };
    }),
    handleJob(creditsRenewalSweepJob, async (_payload, _job, log) => {
      const due = await credits.dueRenewals(clock());
      for (const { userId, periodStart } of due) {
        await queues.enqueue(
          creditsRenewJob,
          { userId, periodStart: periodStart.toISOString() },
          { jobId: renewalJobId(userId, periodStart) },
        );
      }
      log.info({ due: due.length }, 'ai credit renewals queued');
      return { due: due.length };
    }),
  ];
}
