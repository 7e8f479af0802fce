import * as client from 'openid-client';
import { isLocalHost } from '../config.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the browser must bring back to the callback; kept server-side between the two requests. */
export interface OidcTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

const SCOPE = 'openid email profile';

/** Google and most providers send a boolean; some send the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * An OpenID Connect relying party (authorization code + PKCE, state and nonce). Discovery runs on
 * first use and is retried on the next sign-in if the provider was unreachable, so the API can
 * start while the provider is still down.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      // Plain http only for a provider on this machine (the config refuses it in production).
      const insecure = issuer.protocol === 'http:' && isLocalHost(issuer);
      this.configuration = client
        .discovery(
          issuer,
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  async start(): Promise<{ url: URL; transaction: OidcTransaction }> {
    const configuration = await this.discover();
    const transaction: OidcTransaction = {
      codeVerifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /** Checks the provider's answer (state, PKCE, ID token and nonce) and says who signed in. */
  async finish(query: string, transaction: OidcTransaction): Promise<OidcIdentity> {
    const configuration = await this.discover();
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = query;
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = isTrue(claims.email_verified);
    // Providers that follow the spec strictly put profile claims only in the userinfo answer.
    if (!email) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      emailVerified = isTrue(info.email_verified);
    }
    return { subject: claims.sub, email, emailVerified };
  }
}
