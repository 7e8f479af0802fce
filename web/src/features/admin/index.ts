/** What other parts of the app may use from the admin area; everything else here is its own. */
export { AdminAreaLink } from './admin-area-link';
