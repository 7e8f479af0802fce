/** What the ai service answers when no draft could be written, in words a user can act on. */
export const AI_ERROR_MESSAGES = {
  auth: 'The AI provider refused our credentials, so no draft could be written. Please tell the administrator.',
  rateLimited: 'The AI provider is receiving too many requests right now. Please try again in a minute.',
  providerError: 'The AI provider had a problem writing this draft. Please try again in a moment.',
  rejected: 'The AI provider rejected the request. Please tell the administrator if this keeps happening.',
  unreachable: 'The AI provider cannot be reached right now. Please try again in a moment.',
  empty: 'The AI provider returned an empty draft. Please try again.',
  timeout: (seconds: number) =>
    `The AI provider did not answer within ${seconds} seconds. Please try again in a moment.`,
  failed: 'The draft could not be written. Please try again in a moment.',
  unusable:
    'The AI answered, but not in the shape asked for (even when asked again), so its answer could not be used. Nothing was charged. Please try again in a moment.',
} as const;

export const AI_ERROR_CODES = {
  auth: 'ai.provider_credentials',
  rateLimited: 'ai.rate_limited',
  providerError: 'ai.provider_error',
  rejected: 'ai.rejected',
  unreachable: 'ai.unreachable',
  empty: 'ai.empty',
  /** params: seconds */
  timeout: 'ai.timeout',
  failed: 'ai.failed',
  /** The model answered, twice, in a shape that could not be used (not JSON, cut short). params: noun */
  unusable: 'ai.unusable_answer',
} as const satisfies Record<keyof typeof AI_ERROR_MESSAGES, string>;

export type AiErrorKind = keyof typeof AI_ERROR_CODES;

/**
 * What the AI was asked to write, sent as the `noun` param of every AI error so the words name
 * it: a profile review is not a draft.
 */
export const AI_NOUNS = ['draft', 'profile_review', 'ideas', 'comment'] as const;
export type AiNoun = (typeof AI_NOUNS)[number];
