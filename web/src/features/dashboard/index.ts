/** What other parts of the app may use from the dashboard: its load error with a retry. */
export { LoadError } from '../../ui/load-error';
