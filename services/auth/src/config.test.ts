import { randomBytes } from 'node:crypto';
import { configProblems, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { configSchema, workerConfigSchema } from './config.js';

const vapidPair = webpush.generateVAPIDKeys();
/** The push settings production needs (a demo may go without). */
const vapid = {
  VAPID_PUBLIC_KEY: vapidPair.publicKey,
  VAPID_PRIVATE_KEY: vapidPair.privateKey,
  VAPID_SUBJECT: 'mailto:ops@nashr.example',
};

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nashr',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'i'.repeat(32),
  COOKIE_SECRET: 'c'.repeat(32),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

const problems = (schema: typeof configSchema | typeof workerConfigSchema, env: Record<string, string>) => {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    return (error as { problems: string[] }).problems;
  }
};

describe('API configuration', () => {
  it('has working defaults for everything but the connections and the secrets', () => {
    const config = loadConfig(configSchema, required);
    expect(config).toMatchObject({
      PORT: 8101,
      PUBLIC_URL: 'http://localhost:8080',
      REDIS_PREFIX: 'nashr',
      MAGIC_LINK_TTL_SECONDS: 900,
      MAGIC_LINK_MAX_PER_ADDRESS: 5,
      MAGIC_LINK_MAX_PER_IP: 30,
      MAGIC_LINK_WINDOW_SECONDS: 900,
      MEMBER_COUNT_MIN: 100,
    });
    expect(config.ADMIN_EMAILS.size).toBe(0);
    expect(config.OIDC_ISSUER).toBeUndefined();
  });

  it('names each missing or bad variable', () => {
    expect(problems(configSchema, {})).toEqual(
      expect.arrayContaining([
        'DATABASE_URL is required but not set',
        'REDIS_URL is required but not set',
        'INTERNAL_SECRET is required but not set',
        'COOKIE_SECRET is required but not set',
        'ENCRYPTION_KEY is required but not set',
      ]),
    );
    expect(problems(configSchema, { ...required, COOKIE_SECRET: 'short' })).toEqual([
      'COOKIE_SECRET is invalid: must be at least 32 characters',
    ]);
  });

  it('refuses to start without the key that seals the webhook secrets, in production as everywhere', () => {
    const { ENCRYPTION_KEY: _key, ...keyless } = required;
    expect(problems(configSchema, { ...keyless, ...vapid, NODE_ENV: 'production' })).toEqual([
      'ENCRYPTION_KEY is required but not set',
    ]);
    expect(problems(configSchema, { ...required, ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toEqual([
      expect.stringMatching(/^ENCRYPTION_KEY is invalid: must be 32 bytes/),
    ]);
  });

  it('reads ADMIN_EMAILS as a case-insensitive list', () => {
    const config = loadConfig(configSchema, { ...required, ADMIN_EMAILS: ' Boss@Example.com,, ops@example.com ' });
    expect([...config.ADMIN_EMAILS]).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('drops a trailing slash from PUBLIC_URL, so links never carry a double slash', () => {
    expect(loadConfig(configSchema, { ...required, PUBLIC_URL: 'https://nashr.example/' }).PUBLIC_URL).toBe(
      'https://nashr.example',
    );
  });

  it('wants a client id and secret with an OpenID issuer', () => {
    expect(problems(configSchema, { ...required, OIDC_ISSUER: 'https://accounts.google.com' })).toEqual([
      'OIDC_CLIENT_ID is required but not set',
    ]);
  });

  const oidc = { OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'secret' };

  it('accepts an http issuer only on this machine and never in production', () => {
    expect(problems(configSchema, { ...required, ...oidc, OIDC_ISSUER: 'http://localhost:8110' })).toEqual([]);
    expect(problems(configSchema, { ...required, ...oidc, OIDC_ISSUER: 'http://127.0.0.1:8110' })).toEqual([]);
    expect(problems(configSchema, { ...required, ...oidc, OIDC_ISSUER: 'http://idp.example.com' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER is invalid: must be https/),
    ]);
    expect(
      problems(configSchema, {
        ...required,
        ...oidc,
        ...vapid,
        NODE_ENV: 'production',
        OIDC_ISSUER: 'http://localhost:8110',
      }),
    ).toEqual([expect.stringMatching(/^OIDC_ISSUER names the local OpenID provider/)]);
    expect(
      problems(configSchema, {
        ...required,
        ...oidc,
        NODE_ENV: 'production',
        NASHR_DEMO: '1',
        OIDC_ISSUER: 'http://localhost:8110',
      }),
    ).toEqual([expect.stringMatching(/^OIDC_ISSUER is invalid: must be https/)]);
    expect(
      problems(configSchema, {
        ...required,
        ...oidc,
        ...vapid,
        NODE_ENV: 'production',
        OIDC_ISSUER: 'https://accounts.google.com',
      }),
    ).toEqual([]);
  });
});

describe('worker configuration', () => {
  const worker = {
    DATABASE_URL: required.DATABASE_URL,
    REDIS_URL: required.REDIS_URL,
    ENCRYPTION_KEY: required.ENCRYPTION_KEY,
  };

  it('needs only the key that opens the webhook secrets, and defaults to a local SMTP server and every worker', () => {
    expect(problems(workerConfigSchema, { DATABASE_URL: worker.DATABASE_URL, REDIS_URL: worker.REDIS_URL })).toEqual([
      'ENCRYPTION_KEY is required but not set',
    ]);
    const config = loadConfig(workerConfigSchema, worker);
    expect(config).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Nashr <no-reply@nashr.local>',
      AUTH_WORKERS: ['mail', 'inbox', 'push', 'webhooks'],
      PUBLIC_URL: 'http://localhost:8080',
      MAGIC_LINK_TTL_SECONDS: 900,
    });
  });

  it('runs a chosen set of workers and refuses unknown ones', () => {
    expect(loadConfig(workerConfigSchema, { ...worker, AUTH_WORKERS: 'mail' }).AUTH_WORKERS).toEqual(['mail']);
    expect(problems(workerConfigSchema, { ...worker, AUTH_WORKERS: 'mail,sms' })).toHaveLength(1);
  });

  it('wants an SMTP URL', () => {
    expect(problems(workerConfigSchema, { ...worker, SMTP_URL: 'http://mail.example.com' })).toEqual([
      'SMTP_URL is invalid: must be an smtp:// or smtps:// URL',
    ]);
  });
});

describe('configuration in production', () => {
  const production = { ...required, ...vapid, NODE_ENV: 'production' };

  it('refuses the local OpenID provider and the mail catcher, one line each, unless NASHR_DEMO=1', () => {
    const local = {
      ...production,
      OIDC_ISSUER: 'https://localhost:9400',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 's',
      MAIL_INBOX_URL: 'http://localhost:8025',
    };
    expect(configProblems(configSchema, local)).toEqual([
      expect.stringMatching(
        /^OIDC_ISSUER names the local OpenID provider .* refused with NODE_ENV=production: set the https issuer/,
      ),
      expect.stringMatching(/^MAIL_INBOX_URL names the local mail catcher's inbox/),
    ]);
    expect(configProblems(configSchema, { ...local, NASHR_DEMO: '1' })).toEqual([]);
    expect(
      configProblems(configSchema, {
        ...production,
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).toEqual([]);
  });

  it('refuses to send mail to the catcher, its port being the unset default', () => {
    const line =
      'SMTP_URL names the local mail catcher (port 1025), which delivers nothing, a stand-in refused with NODE_ENV=production: set a real mail server, smtp:// or smtps://user:password@host:port (or NASHR_DEMO=1 for a demo)';
    expect(configProblems(workerConfigSchema, production)).toEqual([line]);
    expect(configProblems(workerConfigSchema, { ...production, SMTP_URL: 'smtp://mail:1025' })).toEqual([line]);
    expect(
      configProblems(workerConfigSchema, { ...production, SMTP_URL: 'smtp://mail:1025', NASHR_DEMO: '1' }),
    ).toEqual([]);
    expect(configProblems(workerConfigSchema, { ...production, SMTP_URL: 'smtps://u:p@smtp.example.com:465' })).toEqual(
      [],
    );
  });

  it('signs push with configured VAPID keys only, unless NASHR_DEMO=1', () => {
    const bare = { ...required, NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example.com:465' };
    for (const schema of [configSchema, workerConfigSchema]) {
      expect(configProblems(schema, bare)).toEqual([
        expect.stringMatching(
          /^VAPID_PRIVATE_KEY names nothing, so push would be signed with a key pair made on the fly/,
        ),
        expect.stringMatching(/^VAPID_SUBJECT names nothing/),
      ]);
      expect(configProblems(schema, { ...bare, NASHR_DEMO: '1' })).toEqual([]);
      expect(configProblems(schema, { ...bare, ...vapid })).toEqual([]);
    }
  });

  it('refuses half a VAPID pair, a pair that does not belong together, and a contact that is not one', () => {
    const other = webpush.generateVAPIDKeys();
    expect(problems(configSchema, { ...required, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY is required/),
    ]);
    expect(problems(workerConfigSchema, { ...required, ...vapid, VAPID_PRIVATE_KEY: other.privateKey })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY .*is not the public key of VAPID_PRIVATE_KEY/),
    ]);
    expect(problems(configSchema, { ...required, ...vapid, VAPID_SUBJECT: 'ops@nashr.example' })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT .*mailto: address or an https URL/),
    ]);
    expect(problems(configSchema, { ...required, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'x' })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY .*65 bytes/),
      expect.stringMatching(/^VAPID_PRIVATE_KEY .*32 bytes/),
    ]);
    expect(loadConfig(workerConfigSchema, { ...required, ...vapid })).toMatchObject(vapid);
  });
});
