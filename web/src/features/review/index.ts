/** What other parts of the app may use from review: a draft's state and comments, and sending it for review. */
export { CommentCount, ReviewStateBadge } from './review-state-badge';
export { SendForReviewButton, sendsForReview } from './send-for-review';
