import { AI_ERROR_CODES, AI_ERROR_MESSAGES, type AiErrorKind, type AiNoun } from '@nashr/contracts';

/**
 * What went wrong with a provider, in words a user can act on; `status` is the HTTP answer,
 * `code` the declared code the web translates by.
 */
export class ProviderError extends Error {
  readonly code: string;
  readonly seconds: number | undefined;
  /** What was being written, so the words name it (a profile review is not a draft). */
  noun: AiNoun = 'draft';
  constructor(
    readonly status: 502 | 503,
    kind: AiErrorKind,
    /** Detail for the logs only: never sent to the client. */
    readonly detail?: string,
    /** How long the provider was waited for, when it did not answer in time. */
    timeoutSeconds?: number,
  ) {
    const message = AI_ERROR_MESSAGES[kind];
    super(typeof message === 'string' ? message : message(timeoutSeconds ?? 0));
    this.name = 'ProviderError';
    this.code = AI_ERROR_CODES[kind];
    this.seconds = kind === 'timeout' ? (timeoutSeconds ?? 0) : undefined;
  }

  /** Names what was being written; returns the error, to rethrow. */
  about(noun: AiNoun): this {
    this.noun = noun;
    return this;
  }

  get params(): { noun: AiNoun; seconds?: number } {
    return { noun: this.noun, ...(this.seconds !== undefined && { seconds: this.seconds }) };
  }

  /** The error answer's body: `{ success: false, code, message, params? }`. */
  toAnswer() {
    return {
      success: false as const,
      code: this.code,
      message: this.message,
      params: this.params,
    };
  }
}

/** The caller went away (closed the tab, aborted the fetch): there is nobody left to answer. */
export class GenerationAbortedError extends Error {
  constructor() {
    super('The generation was cancelled by the client');
    this.name = 'GenerationAbortedError';
  }
}
