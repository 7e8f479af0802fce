import {
  type AccountStepResponse,
  accountConnectedEvent,
  type Checkpoint,
  type ConnectAccountRequest,
  LINKEDIN_MESSAGES,
  NETWORK_FAILURE_CODES,
} from '@nashr/contracts';
import { AppError, type Logger, type Queues } from '@nashr/platform';
import type { AccountRow } from '../db/schema.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import type { ConnectOutcome, NetworkProvider } from '../providers/network-provider.js';
import { isProviderError } from '../providers/provider-error.js';
import { refusal } from '../refusal.js';
import { type AccountStore, accountInfo, MAX_CHECKPOINT_ATTEMPTS } from './account-store.js';
import { memberIdentity } from './member-identity.js';
import { toAppError } from './provider-failure.js';

export type StepAnswer = Omit<AccountStepResponse, 'success'> & {
  /** Set when the step connected the account: the change's stamp, for read-your-writes. */
  connectedAt?: number;
};

export const CONNECTED_MESSAGE = 'Your LinkedIn account is connected.';
export const NO_PENDING_MESSAGE = LINKEDIN_MESSAGES.noPendingSignIn;

function checkpointMessage(checkpoint: Checkpoint): string {
  switch (checkpoint.type) {
    case '2FA':
      return checkpoint.source === 'APP'
        ? 'Enter the 6-digit code from your authenticator app.'
        : 'Enter the 6-digit verification code LinkedIn sent you.';
    case 'OTP':
      return 'Enter the one-time code LinkedIn sent you.';
    case 'IN_APP_VALIDATION':
      return 'Open the LinkedIn app on your phone and approve this sign-in.';
    case 'CAPTCHA':
      return 'Complete the security check to continue.';
    case 'PHONE_REGISTER':
      return 'LinkedIn asks you to add a phone number to your account. Add it in the LinkedIn app, then sign in again.';
  }
}

/**
 * What engage learns of the account: which network holds it and, for the hosted API only, the
 * account id it reads and comments with (the official API's member id is of no use to it).
 */
function networkOf(provider: string, accountId: string | null) {
  if (provider !== 'sandbox' && provider !== 'unipile' && provider !== 'linkedin') return undefined;
  return { provider, accountId: provider === 'unipile' ? accountId : null } as const;
}

export interface ConnectionDeps {
  accounts: AccountStore;
  provider: NetworkProvider;
  queues: Queues;
  cache: ProfileCache;
  logger: Logger;
}

/**
 * The network sign-in flow: credentials, then as many checkpoints as the network asks for. The
 * password only passes through to the provider. The account id the browser holds is this
 * service's; the network's id stays sealed in the database.
 */
export class ConnectionService {
  constructor(private readonly deps: ConnectionDeps) {}

  async connect(userId: string, credentials: ConnectAccountRequest, requestId?: string): Promise<StepAnswer> {
    const { accounts, provider } = this.deps;
    const existing = await accounts.findByUser(userId);
    const reconnectAccountId =
      existing?.status === 'disconnected' && existing.provider === provider.name
        ? (accounts.providerAccount(existing) ?? undefined)
        : undefined;
    const outcome = await this.ask(() => provider.connect(credentials, { reconnectAccountId }), 'connect');
    return this.advance(userId, outcome, requestId);
  }

  async solve(userId: string, accountId: string, code: string, requestId?: string): Promise<StepAnswer> {
    const row = await this.ownedAccount(userId, accountId);
    const pending = await this.pendingOf(row, requestId);
    if ('answer' in pending) return pending.answer;
    const attempt = await this.deps.accounts.takeAttempt(row);
    if (attempt === null) return this.voidCheckpoint(row);
    const outcome = await this.ask(
      () => this.deps.provider.solveCheckpoint(pending.providerAccountId, code),
      'solve',
      row,
    ).catch(async (error: unknown) => {
      const wrongCode =
        error instanceof AppError && error.answerCode === NETWORK_FAILURE_CODES.invalid_checkpoint_solution;
      if (wrongCode && attempt >= MAX_CHECKPOINT_ATTEMPTS) return this.voidCheckpoint(row);
      if (!wrongCode) await this.deps.accounts.returnAttempt(row);
      throw error;
    });
    return this.advance(userId, outcome, requestId);
  }

  /**
   * Guessing a short code must not go on without end: after its last wrong code a checkpoint is
   * forgotten, and the user starts the connection again (the network then asks afresh).
   */
  private async voidCheckpoint(row: AccountRow): Promise<never> {
    await this.deps.accounts.clearPending(row);
    this.deps.logger.warn({ accountId: row.id }, 'checkpoint void after too many wrong codes');
    throw refusal('CONFLICT', 'tooManyWrongCodes');
  }

  async checkInApp(userId: string, accountId: string, requestId?: string): Promise<StepAnswer> {
    const row = await this.ownedAccount(userId, accountId);
    const pending = await this.pendingOf(row, requestId);
    if ('answer' in pending) return pending.answer;
    if (row.pendingCheckpoint?.type !== 'IN_APP_VALIDATION') {
      throw refusal('CONFLICT', 'waitingForCode');
    }
    const outcome = await this.ask(
      () => this.deps.provider.checkInAppValidation(pending.providerAccountId),
      'in-app',
      row,
    );
    if (outcome.status === 'checkpoint' && outcome.checkpoint.type === 'IN_APP_VALIDATION') {
      return {
        message: 'Waiting for you to approve the sign-in in the LinkedIn app.',
        data: { account_id: row.id, connected: false, checkpoint: outcome.checkpoint },
      };
    }
    return this.advance(userId, outcome, requestId);
  }

  async resend(userId: string, accountId: string): Promise<StepAnswer> {
    const row = await this.ownedAccount(userId, accountId);
    const pending = await this.pendingOf(row);
    if ('answer' in pending) return pending.answer;
    await this.ask(() => this.deps.provider.resendCheckpoint(pending.providerAccountId), 'resend', row);
    return {
      message: 'A new code is on its way.',
      data: { account_id: row.id, connected: false, checkpoint: row.pendingCheckpoint ?? undefined },
    };
  }

  /** 404 for an unknown id, 403 for another user's: a sign-in belongs to whoever started it. */
  private async ownedAccount(userId: string, accountId: string): Promise<AccountRow> {
    const row = await this.deps.accounts.findById(accountId);
    if (!row) throw refusal('NOT_FOUND', 'signInNotFound');
    if (row.userId !== userId) throw refusal('FORBIDDEN', 'signInOfSomeoneElse');
    return row;
  }

  /**
   * The network's id of the sign-in in progress. With none, a connected account answers as
   * connected again (a repeated call after a lost answer must not fail).
   */
  private async pendingOf(
    row: AccountRow,
    requestId?: string,
  ): Promise<{ providerAccountId: string } | { answer: StepAnswer }> {
    const providerAccountId = this.deps.accounts.pendingProviderAccount(row);
    if (!providerAccountId || !row.pendingCheckpoint) {
      if (row.status === 'connected') return { answer: await this.connected(row, requestId) };
      throw refusal('BAD_REQUEST', 'noPendingSignIn');
    }
    if (row.pendingProvider !== this.deps.provider.name) {
      await this.deps.accounts.clearPending(row);
      throw refusal('BAD_REQUEST', 'noPendingSignIn');
    }
    if (row.pendingExpiresAt && row.pendingExpiresAt < new Date()) {
      await this.deps.accounts.clearPending(row);
      throw refusal('BAD_REQUEST', 'checkpointExpired');
    }
    return { providerAccountId };
  }

  private async ask<T>(call: () => Promise<T>, step: string, row?: AccountRow): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isProviderError(error)) throw error;
      this.deps.logger.warn(
        { step, kind: error.kind, detail: error.detail, status: error.status, accountId: row?.id },
        'network refused a sign-in step',
      );
      // A step the network no longer knows cannot be retried: the user starts over.
      if (row && error.kind === 'checkpoint_expired') await this.deps.accounts.clearPending(row);
      throw toAppError(error);
    }
  }

  private async advance(userId: string, outcome: ConnectOutcome, requestId?: string): Promise<StepAnswer> {
    const { accounts, provider } = this.deps;
    if (outcome.status === 'checkpoint') {
      const saved = await accounts.startPending(userId, provider.name, outcome.accountId, outcome.checkpoint);
      return {
        message: checkpointMessage(outcome.checkpoint),
        data: { account_id: saved.id, connected: false, checkpoint: outcome.checkpoint },
      };
    }
    const identity = await memberIdentity(provider, provider.name, outcome.accountId);
    const saved = await accounts.markConnected(userId, provider.name, outcome.accountId, null, identity);
    await this.deps.cache.invalidate(saved.id);
    this.deps.logger.info({ accountId: saved.id, userId }, 'network account connected');
    return this.connected(saved, requestId);
  }

  /**
   * A member who came back from the network's own sign-in page: the same account record (a
   * reconnection keeps its posts and schedule) and the same announcement as the password sign-in.
   */
  async connectOfficial(
    userId: string,
    providerAccountId: string,
    accessExpiresAt: Date | null,
    requestId?: string,
  ): Promise<StepAnswer> {
    const identity = await memberIdentity(this.deps.provider, 'linkedin', providerAccountId);
    const saved = await this.deps.accounts.markConnected(
      userId,
      'linkedin',
      providerAccountId,
      accessExpiresAt,
      identity,
    );
    await this.deps.cache.invalidate(saved.id);
    this.deps.logger.info({ accountId: saved.id, userId, via: 'oauth' }, 'network account connected');
    return this.connected(saved, requestId);
  }

  /**
   * Tells the other services how the connection stands: its member, its pages, when it ends.
   * The stamp is the stored time of the newest change (the connection, or a page added or
   * removed since), so a repeated call announces the same change. Returns the stamp.
   */
  async announce(row: AccountRow, requestId?: string): Promise<number> {
    const changedAt = Math.max((row.connectedAt ?? row.updatedAt).getTime(), row.pagesChangedAt?.getTime() ?? 0);
    const added = await this.deps.accounts.pagesOf(row.id);
    await this.deps.queues.publish(accountConnectedEvent, {
      userId: row.userId,
      changedAt,
      accessExpiresAt: row.accessExpiresAt?.toISOString() ?? null,
      network: networkOf(row.provider, this.deps.accounts.providerAccount(row)),
      identity: row.identity,
      pages: added.map((page) => ({ identity: page.identity, name: page.name.slice(0, 200) })),
      requestId,
    });
    return changedAt;
  }

  /** Tells the other services, then answers. Publishing again on a repeated call is harmless. */
  private async connected(row: AccountRow, requestId?: string): Promise<StepAnswer> {
    const connectedAt = await this.announce(row, requestId);
    return {
      message: CONNECTED_MESSAGE,
      data: { account_id: row.id, connected: true, account: accountInfo(row) },
      connectedAt,
    };
  }
}
