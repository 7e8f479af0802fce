/** What went wrong with a provider, in words a user can act on; `status` is the HTTP answer. */
export class ProviderError extends Error {
  constructor(
    readonly status: 502 | 503,
    message: string,
    /** Detail for the logs only: never sent to the client. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The caller went away (closed the tab, aborted the fetch): there is nobody left to answer. */
export class GenerationAbortedError extends Error {
  constructor() {
    super('The generation was cancelled by the client');
    this.name = 'GenerationAbortedError';
  }
}

export const PROVIDER_MESSAGES = {
  auth: 'The AI provider refused our credentials, so no draft could be written. Please tell the administrator.',
  rateLimited: 'The AI provider is receiving too many requests right now. Please try again in a minute.',
  providerError: 'The AI provider had a problem writing this draft. Please try again in a moment.',
  rejected: 'The AI provider rejected the request. Please tell the administrator if this keeps happening.',
  unreachable: 'The AI provider cannot be reached right now. Please try again in a moment.',
  empty: 'The AI provider returned an empty draft. Please try again.',
  timeout: (seconds: number) =>
    `The AI provider did not answer within ${seconds} seconds. Please try again in a moment.`,
} as const;
