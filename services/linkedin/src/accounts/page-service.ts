import type { LinkedinPage, LinkedinPagesResponse } from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { AccountRow } from '../db/schema.js';
import type { NetworkPages, NetworkProvider } from '../providers/network-provider.js';
import { refusal } from '../refusal.js';
import type { AccountStore } from './account-store.js';
import type { ConnectionService } from './connection-service.js';
import { pageIdentity } from './member-identity.js';
import { callNetwork } from './provider-failure.js';

export interface PageDeps {
  accounts: AccountStore;
  provider: NetworkProvider;
  connections: ConnectionService;
  queues: Queues;
  logger: Logger;
}

type PagesAnswer = LinkedinPagesResponse['data'] & {
  /** Set when the call changed the pages: the change's stamp, for read-your-writes. */
  changedAt?: number;
};

/**
 * The company pages a user writes as besides themselves. Which pages the member administers is
 * read from the network on every call (a role lost there is lost here at once); which are added
 * is kept here. Adding or removing one tells the other services, as a connection does.
 */
export class PageService {
  constructor(private readonly deps: PageDeps) {}

  async list(userId: string, requestId?: string): Promise<PagesAnswer> {
    const account = await this.connected(userId);
    return this.answer(account, await this.networkPages(account, requestId));
  }

  async add(userId: string, organization: string, requestId?: string): Promise<PagesAnswer> {
    const account = await this.connected(userId);
    const network = await this.networkPages(account, requestId);
    if (!network.granted) throw refusal('CONFLICT', 'pagesNotGranted');
    const page = network.pages.find((p) => p.organization === organization);
    if (!page) throw refusal('UNPROCESSABLE', 'pageNotAdministered');
    const identity = pageIdentity(account.provider, organization);
    const changed = await this.deps.accounts.addPage(account, { organization, name: page.name, identity });
    this.deps.logger.info({ accountId: account.id, userId }, 'company page added');
    const changedAt = await this.deps.connections.announce(changed, requestId);
    return { ...(await this.answer(changed, network)), changedAt };
  }

  async remove(userId: string, organization: string, requestId?: string): Promise<PagesAnswer> {
    const account = await this.connected(userId);
    const changed = await this.deps.accounts.removePage(account, organization);
    this.deps.logger.info({ accountId: account.id, userId }, 'company page removed');
    const changedAt = await this.deps.connections.announce(changed, requestId);
    return { ...(await this.answer(changed, await this.networkPages(changed, requestId))), changedAt };
  }

  private async connected(userId: string): Promise<AccountRow> {
    const account = await this.deps.accounts.findByUser(userId);
    if (account?.status === 'connected') return account;
    throw account?.status === 'disconnected' ? refusal('CONFLICT', 'reconnect') : refusal('NOT_FOUND', 'notConnected');
  }

  private async networkPages(account: AccountRow, requestId?: string): Promise<NetworkPages> {
    const { listPages } = this.deps.provider;
    if (!listPages) return { granted: false, pages: [] };
    return callNetwork(this.deps, account, requestId, (id) => listPages.call(this.deps.provider, id));
  }

  /** The network's pages, each marked added or not; an added page the member no longer administers is left out. */
  private async answer(account: AccountRow, network: NetworkPages): Promise<PagesAnswer> {
    const added = new Map((await this.deps.accounts.pagesOf(account.id)).map((row) => [row.organization, row]));
    const pages: LinkedinPage[] = network.pages.map((page) => ({
      organization: page.organization,
      name: page.name,
      role: page.role,
      added: added.has(page.organization),
      identity: added.get(page.organization)?.identity ?? null,
    }));
    return { granted: network.granted, pages };
  }
}
