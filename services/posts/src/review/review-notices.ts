import { type DraftReviewNotice, draftReviewNoticeEvent, type ReviewNoticeKind } from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';

/** How much of a draft or a comment a notice shows. */
export const EXCERPT_LENGTH = 140;

/** The first characters of `text`, never cutting a character in two. */
export function excerptOf(text: string): string {
  let excerpt = '';
  for (const char of text.trim()) {
    if (excerpt.length + char.length > EXCERPT_LENGTH) break;
    excerpt += char;
  }
  return excerpt;
}

/**
 * Tells members about a draft's review (the auth service sends the notifications): one event
 * per member, with the id `review-{activityOrCommentId}-{userId}`, so a repeat tells no one twice.
 * Best effort, like the other announcements: the step is done whether or not Redis takes them.
 */
export class ReviewNotices {
  constructor(
    private readonly queues: Queues,
    private readonly logger: Logger,
  ) {}

  async tell(
    kind: ReviewNoticeKind,
    about: { id: string; workspaceId: string; draftId: string; actorId: string; text: string; requestId?: string },
    userIds: Iterable<string>,
  ): Promise<number> {
    let told = 0;
    for (const userId of new Set(userIds)) {
      if (userId === about.actorId) continue;
      const notice: DraftReviewNotice = {
        userId,
        kind,
        workspaceId: about.workspaceId,
        draftId: about.draftId,
        actorId: about.actorId,
        excerpt: excerptOf(about.text),
        ...(about.requestId ? { requestId: about.requestId.slice(0, 64) } : {}),
      };
      try {
        await this.queues.publish(draftReviewNoticeEvent, notice, { id: `review-${about.id}-${userId}` });
        told++;
      } catch (err) {
        this.logger.warn({ err, draftId: about.draftId, kind }, 'could not tell a member about the review');
      }
    }
    return told;
  }
}
