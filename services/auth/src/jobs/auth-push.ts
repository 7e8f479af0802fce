import { type PushJobDeps, pushHandlers } from '../push/push-jobs.js';

/** The auth-push queue: notifications pushed to the users' devices. */
export function authPush(deps: PushJobDeps) {
  return pushHandlers(deps);
}
