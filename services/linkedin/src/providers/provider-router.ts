import type { FullProfile, OwnProfile } from '@nashr/contracts';
import { AUTHOR_PREFIX, type LinkedinProvider } from './linkedin/linkedin-provider.js';
import {
  type AnalyticsCapabilities,
  analyticsCapabilitiesOf,
  type CommentPage,
  type CommentResult,
  type ConnectOutcome,
  type Credentials,
  type MemberDay,
  type NetworkPages,
  type NetworkProvider,
  type PageFigures,
  type PostMetrics,
  type PostPage,
  type PostToPublish,
  type PublishResult,
} from './network-provider.js';
import { ProviderError } from './provider-error.js';

/**
 * The providers one deployment offers side by side: the official network sign-in (OAuth) and at
 * most one password sign-in provider. An account is served by the provider that connected it,
 * told apart by its id: the official network's are author URNs (`urn:li:person:…`).
 */
export class ProviderRouter implements NetworkProvider {
  readonly name: NetworkProvider['name'];

  constructor(
    readonly linkedin: LinkedinProvider,
    readonly credential: NetworkProvider | null,
  ) {
    this.name = credential?.name ?? linkedin.name;
  }

  private for(accountId: string): NetworkProvider {
    if (accountId.startsWith(AUTHOR_PREFIX)) return this.linkedin;
    if (this.credential) return this.credential;
    throw new ProviderError('account_disconnected', undefined, { detail: 'no provider for this account' });
  }

  private signIn(): NetworkProvider {
    if (this.credential) return this.credential;
    throw new ProviderError('rejected', 'Connect your account with the "Continue with LinkedIn" button.');
  }

  connect(credentials: Credentials, options?: { reconnectAccountId?: string }): Promise<ConnectOutcome> {
    return this.signIn().connect(credentials, options);
  }

  solveCheckpoint(accountId: string, code: string): Promise<ConnectOutcome> {
    return this.signIn().solveCheckpoint(accountId, code);
  }

  resendCheckpoint(accountId: string): Promise<void> {
    return this.signIn().resendCheckpoint(accountId);
  }

  checkInAppValidation(accountId: string): Promise<ConnectOutcome> {
    return this.signIn().checkInAppValidation(accountId);
  }

  getOwnProfile(accountId: string): Promise<OwnProfile> {
    return this.for(accountId).getOwnProfile(accountId);
  }

  getFullProfile(accountId: string): Promise<FullProfile> {
    return this.for(accountId).getFullProfile(accountId);
  }

  listPosts(accountId: string, page?: { limit?: number; cursor?: string | null; author?: string }): Promise<PostPage> {
    return this.for(accountId).listPosts(accountId, page);
  }

  disconnect(accountId: string): Promise<void> {
    return this.for(accountId).disconnect(accountId);
  }

  publish(accountId: string, post: PostToPublish): Promise<PublishResult> {
    return this.for(accountId).publish(accountId, post);
  }

  comment(accountId: string, postId: string, text: string, author?: string): Promise<CommentResult> {
    return this.for(accountId).comment(accountId, postId, text, author);
  }

  listPages(accountId: string): Promise<NetworkPages> {
    const provider = this.for(accountId);
    return provider.listPages ? provider.listPages(accountId) : Promise.resolve({ granted: false, pages: [] });
  }

  listComments(accountId: string, postId: string, page?: { cursor?: string | null }): Promise<CommentPage> {
    const provider = this.for(accountId);
    if (!provider.listComments) {
      throw new ProviderError('rejected', 'This connection cannot list the comments of a post.');
    }
    return provider.listComments(accountId, postId, page);
  }

  analyticsCapabilities(accountId: string): Promise<AnalyticsCapabilities> {
    return analyticsCapabilitiesOf(this.for(accountId), accountId);
  }

  postAnalytics(accountId: string, postId: string): Promise<PostMetrics> {
    const provider = this.for(accountId);
    if (!provider.postAnalytics) throw new ProviderError('rejected', 'This connection gives no post analytics.');
    return provider.postAnalytics(accountId, postId);
  }

  memberDailyAnalytics(accountId: string, range: { start: Date; end: Date }): Promise<MemberDay[]> {
    const provider = this.for(accountId);
    if (!provider.memberDailyAnalytics) {
      throw new ProviderError('rejected', 'This connection gives no member analytics.');
    }
    return provider.memberDailyAnalytics(accountId, range);
  }

  postDailyAnalytics(accountId: string, postIds: readonly string[]): Promise<Map<string, MemberDay[]>> {
    const provider = this.for(accountId);
    if (!provider.postDailyAnalytics) {
      throw new ProviderError('rejected', 'This connection gives no daily post analytics.');
    }
    return provider.postDailyAnalytics(accountId, postIds);
  }

  pageAnalytics(accountId: string, organization: string, range: { start: Date; end: Date }): Promise<PageFigures> {
    const provider = this.for(accountId);
    if (!provider.pageAnalytics) throw new ProviderError('rejected', 'This connection gives no page analytics.');
    return provider.pageAnalytics(accountId, organization, range);
  }
}

/** The official network provider behind a provider, when the deployment offers it. */
export function officialProvider(provider: NetworkProvider): LinkedinProvider | null {
  if (provider instanceof ProviderRouter) return provider.linkedin;
  return provider.name === 'linkedin' ? (provider as LinkedinProvider) : null;
}

/** The password sign-in provider behind a provider, when the deployment offers one. */
export function credentialProvider(provider: NetworkProvider): NetworkProvider | null {
  if (provider instanceof ProviderRouter) return provider.credential;
  return provider.name === 'linkedin' ? null : provider;
}
