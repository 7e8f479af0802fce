import {
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
import type { CreditStore } from '../credits/credit-store.js';
import type { ProfileStore } from '../profile-store.js';
import type { AiUserData } from '../user-data.js';
import { measureVoice } from '../voice/measure.js';
import { creditsResetJob } from './credits-reset.js';

export interface AiInboxDeps {
  profiles: ProfileStore;
  credits: CreditStore;
  userData: AiUserData;
  ideas: IdeasStore;
  queues: Queues;
  clock: () => Date;
}

/** The ai inbox: personalization events from the auth service, deleted accounts, and the monthly credits reset. */
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
    handleJob(publishedPostsFetchedEvent, async ({ userId, posts }, _job, log) => {
      const voice = measureVoice(posts);
      await profiles.saveMeasuredVoice(userId, voice?.traits ?? null, voice?.measures ?? null, clock());
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
      const forgotten = await forgetJobs(queues.get(QUEUES.aiInbox), jobOfUser(userId), [userId]);
      log.info({ userId, forgotten }, 'deleted account: ai data removed');
      return { forgotten };
    }),
    handleJob(creditsResetJob, async (_payload, _job, log) => {
      const reset = await credits.resetPremium(clock());
      log.info({ reset }, 'premium credits granted for the month');
      return { reset };
    }),
  ];
}
