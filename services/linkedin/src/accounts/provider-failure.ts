import { accountDisconnectedEvent } from '@nashr/contracts';
import { AppError, type Logger, type Queues } from '@nashr/platform';
import type { AccountRow } from '../db/schema.js';
import type { ProviderError } from '../providers/provider-error.js';
import type { AccountStore } from './account-store.js';

export const RECONNECT_MESSAGE = 'Your LinkedIn connection has expired. Please reconnect your account.';

/** The answer a browser gets for something the network refused or could not do. Never a 500. */
export function toAppError(error: ProviderError): AppError {
  switch (error.kind) {
    case 'invalid_credentials':
    case 'invalid_checkpoint_solution':
    case 'checkpoint_expired':
    case 'rejected':
      return new AppError('BAD_REQUEST', error.message);
    case 'credentials_expired':
    case 'account_disconnected':
      return new AppError('CONFLICT', RECONNECT_MESSAGE);
    case 'insufficient_privileges':
      return new AppError('UNPROCESSABLE', error.message);
    case 'not_found':
      return new AppError('NOT_FOUND', error.message);
    case 'rate_limited':
      return new AppError('RATE_LIMITED', error.message);
    default:
      return new AppError('UNAVAILABLE', error.message);
  }
}

/**
 * The network no longer accepts the account's session: mark it disconnected and tell the other
 * services (auth clears linkedinConnected, posts holds publishing), once per disconnection.
 */
export async function reportDisconnected(
  deps: { accounts: AccountStore; queues: Queues; logger: Logger },
  row: AccountRow,
  error: ProviderError,
  requestId?: string,
): Promise<void> {
  const reason = error.message.slice(0, 500);
  if (!(await deps.accounts.markDisconnected(row, reason))) return;
  deps.logger.warn(
    { accountId: row.id, userId: row.userId, kind: error.kind, detail: error.detail },
    'network account disconnected',
  );
  await deps.queues.publish(accountDisconnectedEvent, { userId: row.userId, reason, requestId });
}
