/** What other parts of the app may use from the posts screens; everything else here is their own. */
export { ScheduleDialog } from './schedule-dialog';
