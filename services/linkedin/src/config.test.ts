import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema, linkedinAuthUrl, offeredProviders } from './config.js';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'an-internal-secret-of-some-length',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

const problems = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(configSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('linkedin configuration', () => {
  it('defaults to the sandbox on port 8102 with no latency or failures', () => {
    const config = loadConfig(configSchema, base);
    expect(config).toMatchObject({
      PORT: 8102,
      NETWORK_PROVIDER: 'sandbox',
      SANDBOX_LATENCY_MS: 0,
      SANDBOX_FAILURE_RATE: 0,
      SANDBOX_LOST_ANSWER_RATE: 0,
      PROFILE_CACHE_SECONDS: 60,
      REDIS_PREFIX: 'nashr',
    });
  });

  it('takes analytics snapshots every 6 hours by default, and refuses a period over a day', () => {
    expect(loadConfig(configSchema, base)).toMatchObject({
      ANALYTICS_SNAPSHOT_HOURS: 6,
      ANALYTICS_ACCOUNT_CALLS_PER_MINUTE: 20,
    });
    expect(loadConfig(configSchema, { ...base, ANALYTICS_SNAPSHOT_HOURS: '0.5' }).ANALYTICS_SNAPSHOT_HOURS).toBe(0.5);
    expect(problems({ ...base, ANALYTICS_SNAPSHOT_HOURS: '48' })[0]).toMatch(/^ANALYTICS_SNAPSHOT_HOURS is invalid/);
  });

  it('requires a 32-byte base64 encryption key', () => {
    expect(problems({ ...base, ENCRYPTION_KEY: undefined })).toEqual(['ENCRYPTION_KEY is required but not set']);
    expect(problems({ ...base, ENCRYPTION_KEY: randomBytes(16).toString('base64') })[0]).toMatch(
      /^ENCRYPTION_KEY is invalid: must be 32 bytes/,
    );
  });

  it('requires the hosted API settings only when the hosted API is chosen', () => {
    expect(problems({ ...base, NETWORK_PROVIDER: 'unipile' })).toEqual([
      'UNIPILE_DSN is required but not set',
      'UNIPILE_API_KEY is required but not set',
    ]);
    expect(
      problems({ ...base, NETWORK_PROVIDER: 'unipile', UNIPILE_DSN: 'api1.example.test:13111', UNIPILE_API_KEY: 'k' }),
    ).toEqual([]);
    expect(problems({ ...base, NETWORK_PROVIDER: 'linkedin-official' })[0]).toMatch(/^NETWORK_PROVIDER is invalid/);
  });

  it('offers the official sign-in beside a password sign-in, with its app credentials', () => {
    expect(offeredProviders(loadConfig(configSchema, base))).toEqual(['sandbox']);
    expect(problems({ ...base, NETWORK_PROVIDERS: 'sandbox,linkedin' })).toEqual([
      'LINKEDIN_CLIENT_ID is required but not set',
      'LINKEDIN_CLIENT_SECRET is required but not set',
    ]);
    const app = { LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' };
    const config = loadConfig(configSchema, { ...base, ...app, NETWORK_PROVIDERS: 'sandbox, linkedin' });
    expect(offeredProviders(config)).toEqual(['linkedin', 'sandbox']);
    expect(config).toMatchObject({
      LINKEDIN_API_VERSION: '202601',
      LINKEDIN_API_URL: 'https://api.linkedin.com',
      LINKEDIN_REDIRECT_URI: 'http://localhost:8080/api/v1/linkedin/oauth/callback',
    });
    expect(linkedinAuthUrl(config)).toBe('https://www.linkedin.com');
    // One variable points both the API and the OAuth pages at a local network server.
    const local = loadConfig(configSchema, {
      ...base,
      ...app,
      NETWORK_PROVIDERS: 'linkedin',
      LINKEDIN_API_URL: 'http://127.0.0.1:8111',
    });
    expect(linkedinAuthUrl(local)).toBe('http://127.0.0.1:8111');

    expect(problems({ ...base, NETWORK_PROVIDERS: 'sandbox,unipile' })[0]).toMatch(
      /^NETWORK_PROVIDERS is invalid: offers at most one/,
    );
    expect(problems({ ...base, NETWORK_PROVIDERS: 'linkedin,facebook' })[0]).toMatch(/^NETWORK_PROVIDERS is invalid/);
    expect(problems({ ...base, ...app, NETWORK_PROVIDERS: 'linkedin', LINKEDIN_API_VERSION: '2026-01' })[0]).toMatch(
      /^LINKEDIN_API_VERSION is invalid: must be a version like 202601/,
    );
    expect(problems({ ...base, NETWORK_PROVIDERS: 'linkedin,unipile', ...app })).toEqual([
      'UNIPILE_DSN is required but not set',
      'UNIPILE_API_KEY is required but not set',
    ]);
  });

  it('keeps failure injection rates between 0 and 1', () => {
    expect(problems({ ...base, SANDBOX_FAILURE_RATE: '1.5' })[0]).toMatch(/^SANDBOX_FAILURE_RATE is invalid/);
    expect(loadConfig(configSchema, { ...base, SANDBOX_LATENCY_MS: '400', SANDBOX_FAILURE_RATE: '0.2' })).toMatchObject(
      {
        SANDBOX_LATENCY_MS: 400,
        SANDBOX_FAILURE_RATE: 0.2,
      },
    );
  });
});
