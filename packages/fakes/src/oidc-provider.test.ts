// The development OpenID provider: refuses production, speaks real OpenID Connect discovery.
import { describe, expect, it } from 'vitest';

describe('development OpenID provider', () => {
  const unusedMailer = {
    send: async () => {
      throw new Error('no mail expected');
    },
    close: () => {},
  };

  it('refuses to start in production mode', async () => {
    const { startOidcProvider } = await import('./oidc-provider.js');
    await expect(
      startOidcProvider({
        port: 0,
        nodeEnv: 'production',
        mailer: unusedMailer,
        clients: [{ clientId: 'c', clientSecret: 's', redirectUris: ['http://localhost:8080/cb'] }],
      }),
    ).rejects.toThrow(/does not run in production/);
  });

  it('publishes discovery for its issuer and shows an error for a bad address on its form', async () => {
    const { startOidcProvider } = await import('./oidc-provider.js');
    const provider = await startOidcProvider({
      port: 0,
      // A refused address is answered before any code is mailed.
      mailer: unusedMailer,
      issuer: (port) => `http://127.0.0.1:${port}`,
      clients: [{ clientId: 'c', clientSecret: 's', redirectUris: ['http://localhost:8080/cb'] }],
    });
    try {
      const discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
        code_challenge_methods_supported: string[];
      };
      expect(discovery.issuer).toBe(provider.issuer);
      expect(discovery.code_challenge_methods_supported).toContain('S256');
      expect((await fetch(`${provider.issuer}/healthz`)).status).toBe(200);

      const auth = new URL(`${provider.issuer}/auth`);
      auth.search = new URLSearchParams({
        client_id: 'c',
        redirect_uri: 'http://localhost:8080/cb',
        response_type: 'code',
        scope: 'openid email',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      const started = await fetch(auth, { redirect: 'manual' });
      const cookie = started.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const interaction = new URL(started.headers.get('location') as string, provider.issuer);
      const refused = await fetch(interaction, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=not-an-address',
        redirect: 'manual',
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Enter a valid e-mail address');
    } finally {
      await provider.close();
    }
  });
});
