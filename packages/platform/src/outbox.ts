/**
 * A change is announced right after its commit, and the change itself records that it is owed
 * (in an outbox row or a version column). One still owed this long after the change lost its
 * announcement (the process stopped, or Redis refused it, in between): the request that made it is
 * long over, so the periodic sweep announces it.
 */
export const LOST_ANNOUNCEMENT_AFTER_MS = 30_000;

/** How many owed announcements a sweep takes at a time. */
export const OWED_ANNOUNCEMENTS_BATCH = 200;

/**
 * One sweep of owed announcements: `announceBatch` announces at most `size` of them, oldest first,
 * and says how many it announced; batches follow until one is short. Returns how many in all.
 */
export async function announceOwed(announceBatch: (size: number) => Promise<number>): Promise<number> {
  let announced = 0;
  for (;;) {
    const batch = await announceBatch(OWED_ANNOUNCEMENTS_BATCH);
    announced += batch;
    if (batch < OWED_ANNOUNCEMENTS_BATCH) return announced;
  }
}
