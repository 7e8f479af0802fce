/**
 * What went wrong at the network, in terms the service acts on. The message is meant for the
 * user; `detail` keeps the provider's own words for the logs.
 */
import type { NetworkFailureKind } from '@nashr/contracts';

/** 'outcome_unknown' is a write whose answer was lost: the network may or may not have done it. */
export type ProviderErrorKind = NetworkFailureKind;

const TRANSIENT: ReadonlySet<ProviderErrorKind> = new Set([
  'rate_limited',
  'unavailable',
  'misconfigured',
  'outcome_unknown',
]);

export const PROVIDER_MESSAGES: Record<ProviderErrorKind, string> = {
  invalid_credentials: 'LinkedIn did not accept this email or password. Check them and try again.',
  invalid_checkpoint_solution: 'That code is not right. Check it and try again.',
  checkpoint_expired: 'This verification step has expired. Please sign in again.',
  credentials_expired: 'Your LinkedIn session has expired. Please reconnect your account.',
  account_disconnected: 'Your LinkedIn account is disconnected. Please reconnect it.',
  insufficient_privileges: 'LinkedIn does not allow this action for your account.',
  rejected: 'LinkedIn refused this request.',
  not_found: 'LinkedIn could not find what was asked for.',
  rate_limited: 'LinkedIn is limiting requests right now. Please try again in a few minutes.',
  unavailable: 'LinkedIn could not be reached. Please try again in a moment.',
  misconfigured: 'The connection to LinkedIn is not set up correctly. Please contact support.',
  outcome_unknown: 'LinkedIn did not confirm the result. Please check your LinkedIn account before trying again.',
};

export class ProviderError extends Error {
  readonly detail: string | undefined;
  readonly status: number | undefined;
  /** How long the network asked to wait before trying again (a 429's Retry-After). */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly kind: ProviderErrorKind,
    message: string = PROVIDER_MESSAGES[kind],
    options: { detail?: string; status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.detail = options.detail;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** Worth trying again later: nothing the user must change. */
  get transient(): boolean {
    return TRANSIENT.has(this.kind);
  }

  /** The network no longer accepts the stored session: the user must reconnect. */
  get credentialsLost(): boolean {
    return this.kind === 'credentials_expired' || this.kind === 'account_disconnected';
  }
}

export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/** A provider that knows no company pages, asked to act as one: it never acts as the member instead. */
export const noCompanyPages = (): ProviderError =>
  new ProviderError('rejected', 'This connection cannot post as a company page.');
