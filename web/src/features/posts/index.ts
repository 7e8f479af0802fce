/** What other parts of the app may use from the posts: the choice of whose posts or figures to show. */
export { IdentityChoice, PROFILE } from './identity-choice';
