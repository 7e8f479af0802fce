/** What other parts of the app may use from analytics: the best times, the CSV links, a post's results link
 * and the mark of a post deleted on LinkedIn. */
export { BestTimesSection, slotName } from './best-times';
export { DeletedOnNetwork } from './deleted-on-network';
export { ExportLinks } from './export-links';
export { PostResultsLink } from './post-results-link';
