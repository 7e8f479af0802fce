/** The route's screen (loaded by the router alone); the page itself is review-page.tsx, which its tests render. */
export { ReviewPage } from './review-page';
