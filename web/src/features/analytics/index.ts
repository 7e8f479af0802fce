/** What other parts of the app may use from analytics: the best times, the CSV links and a post's results link. */
export { BestTimesSection, slotName } from './best-times';
export { ExportLinks } from './export-links';
export { PostResultsLink } from './post-results-link';
