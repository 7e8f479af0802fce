/** Refusals of the content service (the admin's landing-page editors). */
export const CONTENT_ERROR_MESSAGES = {
  stale: 'Someone else saved this content after you opened it. Reload to see their changes, then apply yours again.',
  blockNotFound: (name: string) => `There is no content block named "${name}"`,
  tooLarge: 'This content is larger than 5 MB: use fewer or smaller images',
} as const;

export const CONTENT_ERROR_CODES = {
  stale: 'content.stale',
  /** params: name */
  blockNotFound: 'content.block_not_found',
  /** params: limit */
  tooLarge: 'content.too_large',
} as const;
