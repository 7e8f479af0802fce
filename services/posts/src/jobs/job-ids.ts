/**
 * Deterministic job ids (BullMQ refuses ':' in them). A post has one due job per version and one
 * publish job per attempt, so adding the same job twice is dropped by BullMQ instead of running twice.
 */
export const dueJobId = (postId: string, version: number) => `due-${postId}-${version}`;
export const publishJobId = (postId: string, attempt: number) => `publish-${postId}-${attempt}`;
