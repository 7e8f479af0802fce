/**
 * What other parts of the app may use from review: a draft's state and comments, sending it for
 * review, and a post's history.
 */
export { PostHistoryButton } from './post-history';
export { CommentCount, ReviewStateBadge } from './review-state-badge';
export { SendForReviewButton, sendsForReview } from './send-for-review';
