import { creditsRenewalSweepJob, ideasDailyTickJob, QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import { CommentsService } from '../advice/comments.js';
import { IdeasService } from '../advice/ideas.js';
import type { schema } from '../db/schema.js';
import { OFFLINE_MODEL, OfflineProvider } from '../providers/offline/provider.js';
import type { TextProvider } from '../providers/types.js';
import { createServices } from '../services.js';
import { type AiInboxDeps, aiInbox } from './ai-inbox.js';
import { commentSuggestionsHandlers } from './comment-suggestions.js';
import { CREDITS_RENEWAL_SCHEDULE, RETIRED_SCHEDULERS } from './credits-renewal.js';
import { type DailyIdeasDeps, dailyIdeasHandlers, IDEAS_DAILY_SCHEDULE } from './daily-ideas.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
/** Everything the ai inbox carries: the events, the credits renewals and the daily ideas. */
export function aiInboxHandlers(deps: AiInboxDeps & DailyIdeasDeps) {
  return [...aiInbox(deps), ...dailyIdeasHandlers(deps)];
}

export const QUEUE_HANDLERS = { [QUEUES.aiInbox]: aiInboxHandlers, [QUEUES.aiComments]: commentSuggestionsHandlers };

export interface AiWorkerDeps {
  database: Database<typeof schema>;
  queue: QueueContext;
  logger: Logger;
  clock?: () => Date;
  /** Writes the daily ideas (they cost no credits: the standard model); the offline writer when not given. */
  ideasWriter?: { provider: TextProvider; model: string };
  /** Writes engage's comment suggestions (free as well: the standard model); the ideas' writer when not given. */
  commentsWriter?: { provider: TextProvider; model: string };
}

export interface AiWorkers {
  close: () => Promise<void>;
}

/**
 * The ai inbox (personalization and plan events, the credits renewals with their hourly sweep, and
 * daily ideas) and the comment suggestions engage asks for.
 */
export async function startAiWorkers({
  database,
  queue,
  logger,
  clock = () => new Date(),
  ideasWriter = { provider: new OfflineProvider(0), model: OFFLINE_MODEL },
  commentsWriter = ideasWriter,
}: AiWorkerDeps): Promise<AiWorkers> {
  const { profiles, credits, userData, ideas } = createServices(database);
  const queues = new Queues(queue, logger);
  const writer = new IdeasService({ ...ideasWriter, profiles, ideas, logger });

  const worker = createWorker(
    QUEUES.aiInbox,
    aiInboxHandlers({ profiles, credits, userData, ideas, writer, queues, clock }),
    queue,
    { logger },
  );
  const comments = createWorker(
    QUEUES.aiComments,
    commentSuggestionsHandlers({
      comments: new CommentsService({ ...commentsWriter, profiles, logger }),
      profiles,
      queues,
    }),
    queue,
    // A model's answer takes seconds: several at once keep a feed refresh's posts moving.
    { logger, concurrency: 8 },
  );

  const inbox = queues.get(QUEUES.aiInbox);
  for (const id of RETIRED_SCHEDULERS) await inbox.removeJobScheduler(id);
  await inbox.upsertJobScheduler(
    CREDITS_RENEWAL_SCHEDULE.id,
    { pattern: CREDITS_RENEWAL_SCHEDULE.pattern, tz: CREDITS_RENEWAL_SCHEDULE.tz },
    {
      name: creditsRenewalSweepJob.name,
      data: {},
      opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } },
    },
  );

  await queues.get(QUEUES.aiInbox).upsertJobScheduler(
    IDEAS_DAILY_SCHEDULE.id,
    { pattern: IDEAS_DAILY_SCHEDULE.pattern, tz: IDEAS_DAILY_SCHEDULE.tz },
    {
      name: ideasDailyTickJob.name,
      data: {},
      opts: { removeOnComplete: { count: 30 }, removeOnFail: { count: 100 } },
    },
  );

  return {
    close: async () => {
      await Promise.all([worker.close(), comments.close()]);
      await queues.close();
    },
  };
}
