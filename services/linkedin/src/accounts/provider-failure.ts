import { accountDisconnectedEvent, LINKEDIN_MESSAGES, NETWORK_FAILURE_CODES } from '@nashr/contracts';
import { AppError, type ErrorCode, type Logger, type Queues } from '@nashr/platform';
import type { AccountRow } from '../db/schema.js';
import { isProviderError, type ProviderError } from '../providers/provider-error.js';
import { refusal } from '../refusal.js';
import type { AccountStore } from './account-store.js';

export const RECONNECT_MESSAGE = LINKEDIN_MESSAGES.reconnect;

function answerKind(error: ProviderError): ErrorCode {
  switch (error.kind) {
    case 'invalid_credentials':
    case 'invalid_checkpoint_solution':
    case 'checkpoint_expired':
    case 'rejected':
      return 'BAD_REQUEST';
    case 'credentials_expired':
    case 'account_disconnected':
      return 'CONFLICT';
    case 'insufficient_privileges':
      return 'UNPROCESSABLE';
    case 'not_found':
      return 'NOT_FOUND';
    case 'rate_limited':
      return 'RATE_LIMITED';
    default:
      return 'UNAVAILABLE';
  }
}

/**
 * The answer a browser gets for something the network refused or could not do. Never a 500.
 * The code says what happened; a refusal also carries the network's own words as `reason`.
 */
export function toAppError(error: ProviderError, disconnectedAt?: number | null): AppError {
  const code = NETWORK_FAILURE_CODES[error.kind];
  if (error.credentialsLost) {
    // The caller's next requests (`/me` first) wait for the copies to know of the disconnection.
    const changed = disconnectedAt ? { connection: disconnectedAt } : undefined;
    return new AppError('CONFLICT', RECONNECT_MESSAGE, { code, changed });
  }
  const params = error.kind === 'rejected' ? { reason: error.message } : undefined;
  return new AppError(answerKind(error), error.message, { code, params });
}

/**
 * The network no longer accepts the account's session: mark it disconnected and tell the other
 * services (auth clears linkedinConnected, posts holds publishing), once per disconnection.
 * Answers the disconnection's stamp, or null when it was already told.
 */
export async function reportDisconnected(
  deps: { accounts: AccountStore; queues: Queues; logger: Logger },
  row: AccountRow,
  error: ProviderError,
  requestId?: string,
): Promise<number | null> {
  const reason = error.message.slice(0, 500);
  if (!(await deps.accounts.markDisconnected(row, reason))) return null;
  deps.logger.warn(
    { accountId: row.id, userId: row.userId, kind: error.kind, detail: error.detail },
    'network account disconnected',
  );
  const changedAt = Date.now();
  await deps.queues.publish(accountDisconnectedEvent, { userId: row.userId, reason, changedAt, requestId });
  return changedAt;
}

/**
 * Calls the network for a connected account, answering as a browser request must: what the network
 * refused or could not do becomes a clear refusal (toAppError), and a session it no longer accepts
 * marks the account disconnected first (reportDisconnected).
 */
export async function callNetwork<T>(
  deps: { accounts: AccountStore; queues: Queues; logger: Logger },
  row: AccountRow,
  requestId: string | undefined,
  fn: (providerAccountId: string) => Promise<T>,
): Promise<T> {
  const providerAccountId = deps.accounts.providerAccount(row);
  if (!providerAccountId) throw refusal('NOT_FOUND', 'notConnected');
  try {
    return await fn(providerAccountId);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    deps.logger.warn({ kind: error.kind, detail: error.detail, accountId: row.id }, 'network call failed');
    const disconnectedAt = error.credentialsLost ? await reportDisconnected(deps, row, error, requestId) : null;
    throw toAppError(error, disconnectedAt);
  }
}
