/** What other parts of the app may use from the daily ideas. */
export { DailyIdeas } from './daily-ideas';
