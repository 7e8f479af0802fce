import { commentSuggestionsWrittenJob, writeCommentSuggestionsJob } from '@nashr/contracts';
import { handleJob, jobIdPart, type Queues } from '@nashr/platform';
import type { CommentsService } from '../advice/comments.js';
import type { ProfileStore } from '../profile-store.js';

export interface CommentSuggestionsDeps {
  comments: CommentsService;
  profiles: ProfileStore;
  queues: Queues;
}

/**
 * The ai-comments queue: engage asks for a post's comment suggestions, this service writes them
 * (in the member's voice, never with their credits) and sends them back on engage's feed queue.
 */
export function commentSuggestionsHandlers({ comments, profiles, queues }: CommentSuggestionsDeps) {
  return [
    handleJob(writeCommentSuggestionsJob, async (payload, job, log) => {
      const { userId, postId, generation } = payload;
      // Engage heard of a personalization this copy does not hold yet (both follow the same
      // event): wait for it by retrying, and on the last attempt write with what is held.
      const wanted = payload.personalizationVersion ?? 0;
      const held = await profiles.personalizationVersion(userId);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (held < wanted && !lastAttempt) {
        throw new Error(`the personalization copy holds version ${held}, the request needs ${wanted}`);
      }
      const written = await comments.write(payload);
      await queues.enqueue(
        commentSuggestionsWrittenJob,
        {
          userId,
          postId,
          generation,
          language: payload.language,
          source: written.source,
          model: written.model,
          items: written.items,
          requestId: payload.requestId,
        },
        // The post's text stays in Redis no longer than it takes to store the answer.
        { jobId: `comments-written-${userId}-${jobIdPart(postId)}-${generation}`, removeOnComplete: true },
      );
      log.info({ userId, postId, generation, source: written.source }, 'comment suggestions written');
      return { source: written.source };
    }),
  ];
}
