/** What other parts of the app may use from the posting queue: its settings section. */
export { PostingQueueSection } from './posting-queue-section';
