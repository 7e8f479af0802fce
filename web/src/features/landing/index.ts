/** What other parts of the app may use from the landing page: the contact address it shows. */
export { CONTACT_EMAIL } from './sections';
