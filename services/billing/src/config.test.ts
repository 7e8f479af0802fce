import { configProblems, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(20),
};

describe('billing config', () => {
  it('defaults to port 8106, the test-payments provider and a 7-day grace period', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      PORT: 8106,
      BILLING_PROVIDER: 'test-payments',
      BILLING_GRACE_DAYS: 7,
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  it('refuses test-payments in production, named or by default, in one line, unless NASHR_DEMO=1', () => {
    const line =
      'BILLING_PROVIDER names test-payments (no money moves), a stand-in refused with NODE_ENV=production: set stripe (or NASHR_DEMO=1 for a demo)';
    const production = { ...required, NODE_ENV: 'production' };
    expect(configProblems(configSchema, production)).toEqual([line]);
    expect(configProblems(configSchema, { ...production, BILLING_PROVIDER: 'test-payments' })).toEqual([line]);
    // A demo still names its provider, so none takes no money by mistake.
    expect(configProblems(configSchema, { ...production, NASHR_DEMO: '1' })).toEqual([
      'BILLING_PROVIDER is required in production: name the payment provider (test-payments takes no money)',
    ]);
    expect(
      loadConfig(configSchema, { ...production, NASHR_DEMO: '1', BILLING_PROVIDER: 'test-payments' }).BILLING_PROVIDER,
    ).toBe('test-payments');
  });

  it('takes a key for the trial address hash of at least 32 characters, or none (then one is made)', () => {
    expect(loadConfig(configSchema, required).TRIAL_HASH_SECRET).toBeUndefined();
    expect(loadConfig(configSchema, { ...required, TRIAL_HASH_SECRET: 't'.repeat(32) }).TRIAL_HASH_SECRET).toBe(
      't'.repeat(32),
    );
    expect(() => loadConfig(configSchema, { ...required, TRIAL_HASH_SECRET: 'short' })).toThrow(/TRIAL_HASH_SECRET/);
  });

  it('serves the test checkout on a public address only in a declared demo, whatever NODE_ENV', () => {
    const publicTest = { ...required, PUBLIC_URL: 'https://nashr.example.com' };
    expect(configProblems(configSchema, publicTest)).toEqual([
      'BILLING_PROVIDER is test-payments, whose checkout grants plans for nothing, at the public address PUBLIC_URL=https://nashr.example.com: set stripe (or NASHR_DEMO=1 for a demo)',
    ]);
    expect(
      configProblems(configSchema, { ...publicTest, NODE_ENV: 'production', BILLING_PROVIDER: 'test-payments' }),
    ).toHaveLength(1);
    expect(configProblems(configSchema, { ...publicTest, NASHR_DEMO: '1' })).toEqual([]);
    expect(configProblems(configSchema, { ...required, PUBLIC_URL: 'http://127.0.0.1:8080' })).toEqual([]);
  });

  it('names each problem', () => {
    expect(() => loadConfig(configSchema, { ...required, BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
    expect(() => loadConfig(configSchema, { ...required, BILLING_GRACE_DAYS: '90' })).toThrow(/BILLING_GRACE_DAYS/);
    expect(() => loadConfig(configSchema, { ...required, PUBLIC_URL: 'nope' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses to start with Stripe chosen and its keys or prices missing, naming each and showing none', () => {
    const stripe = {
      ...required,
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abcdef123456',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdef123456',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PRO: 'price_p',
    };
    expect(loadConfig(configSchema, stripe)).toMatchObject({ BILLING_PROVIDER: 'stripe', STRIPE_PRICE_PRO: 'price_p' });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO']) {
      expect(() => loadConfig(configSchema, { ...stripe, [name]: '' })).toThrow(new RegExp(name));
    }
    let message = '';
    try {
      loadConfig(configSchema, { ...stripe, STRIPE_SECRET_KEY: 'pk_live_secretlooking', STRIPE_WEBHOOK_SECRET: '' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY is invalid: must be a Stripe secret key/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(message).not.toContain('pk_live_secretlooking');
    // test-payments needs none of them.
    expect(loadConfig(configSchema, required).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('points the Stripe SDK at another server for tests', () => {
    expect(
      loadConfig(configSchema, {
        ...required,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      }),
    ).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
    expect(() => loadConfig(configSchema, { ...required, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
