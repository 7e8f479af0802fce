import { API, dailyIdeasJob, dailyIdeasJobId } from '@nashr/contracts';
import { identityOf, type Queues, route, type ServiceApp } from '@nashr/platform';
import { dayOf, type IdeasStore } from '../advice/ideas-store.js';
import type { ProfileReviewService } from '../advice/profile-review.js';
import { GenerationAbortedError, ProviderError } from '../providers/errors.js';
import { clientGone } from './event-stream.js';

export interface AdviceRouteDeps {
  review: ProfileReviewService;
  ideas: IdeasStore;
  queues?: Queues;
  clock: () => Date;
}

/** Optimize Profile's review and the day's post ideas. */
export function adviceRoutes(app: ServiceApp, { review, ideas, queues, clock }: AdviceRouteDeps): void {
  route(app, API.ai.profileReview, {}, async (request, reply) => {
    try {
      const data = await review.review(identityOf(request).userId, request.body, clientGone(reply));
      return { success: true as const, data };
    } catch (error) {
      if (error instanceof ProviderError) return reply.code(error.status).send(error.toAnswer());
      if (error instanceof GenerationAbortedError) return reply;
      throw error;
    }
  });

  route(app, API.ai.ideas, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { userId } = identityOf(request);
    const day = dayOf(clock());
    const ready = await ideas.ideasOf(userId, day);
    if (ready) {
      return {
        success: true as const,
        data: { day, status: 'ready' as const, ideas: ready.ideas, language: ready.language, offline: ready.offline },
      };
    }
    // Not prepared yet (a new writer, or the day's run has not reached them): ask for it now. The
    // job id makes this the same job as the daily one, so it runs once however often this is asked.
    if (queues) {
      const queue = queues.get(dailyIdeasJob.queue);
      const id = dailyIdeasJobId(userId, day);
      const existing = await queue.getJob(id);
      if (existing && (await existing.isFailed())) await existing.retry();
      // Spread over the morning by the daily run: someone asking now need not wait their turn.
      else if (existing && (await existing.isDelayed())) await existing.promote();
      else if (!existing || (await existing.isCompleted())) {
        if (existing) await existing.remove();
        await queues.enqueue(dailyIdeasJob, { userId, day, requestId: request.id }, { jobId: id });
      }
    }
    return {
      success: true as const,
      data: { day, status: 'preparing' as const, ideas: [], language: null, offline: false },
    };
  });
}
