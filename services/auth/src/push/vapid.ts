import { createECDH } from 'node:crypto';
import { optionalEnv, type Redis } from '@nashr/platform';
import webpush from 'web-push';
import { z } from 'zod';

/** The key pair push services check our messages against (RFC 8292), and who to contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A P-256 public key, uncompressed, base64url: 65 bytes. */
const publicKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
  .refine((key) => Buffer.from(key, 'base64url').length === 65, 'must be a P-256 public key (65 bytes, base64url)');
const privateKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
  .refine((key) => Buffer.from(key, 'base64url').length === 32, 'must be a P-256 private key (32 bytes, base64url)');

/**
 * The VAPID settings, shared by the API (which hands out the public key) and the worker (which
 * signs). Unset in development, tests and a demo: a key pair is made once and kept in Redis
 * (VapidKeySource), so `npm start` pushes on a bare machine.
 */
export const vapidEnv = {
  /** `npx web-push generate-vapid-keys` makes a pair. */
  VAPID_PUBLIC_KEY: optionalEnv(publicKeySchema),
  VAPID_PRIVATE_KEY: optionalEnv(privateKeySchema),
  /** How a push service reaches the operator: `mailto:ops@example.com` or an https page. */
  VAPID_SUBJECT: optionalEnv(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL'),
  ),
};

const DEVELOPMENT_SUBJECT = 'mailto:push@nashr.local';

/** The public key of a private one, to check that a configured pair belongs together. */
export const publicKeyOf = (privateKey: string): string => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
};

type VapidConfig = { NODE_ENV: string } & { [K in keyof typeof vapidEnv]?: string | undefined };

/** Refuses half a key pair, and a pair that does not belong together. */
export function checkVapidConfig(config: VapidConfig, ctx: z.RefinementCtx): void {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    ctx.addIssue({
      code: 'custom',
      path: [publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'is required when the other VAPID key is set',
    });
  }
  // Keys of the wrong shape have their own line already.
  if (
    publicKey &&
    privateKey &&
    publicKeySchema.safeParse(publicKey).success &&
    privateKeySchema.safeParse(privateKey).success
  ) {
    let matches = false;
    try {
      matches = publicKeyOf(privateKey) === publicKey;
    } catch {
      matches = false;
    }
    if (!matches) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is not the public key of VAPID_PRIVATE_KEY',
      });
    }
  }
}

/**
 * Production signs with configured keys only: a pair made on the fly lives in Redis, and a Redis
 * flush would replace it and silently cut every device off. A demo may run on the made pair.
 */
export const VAPID_STAND_INS = [
  {
    variable: 'VAPID_PRIVATE_KEY',
    when: (config: VapidConfig) => !config.VAPID_PRIVATE_KEY,
    what: 'nothing, so push would be signed with a key pair made on the fly and kept in Redis',
    real: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)',
  },
  {
    variable: 'VAPID_SUBJECT',
    when: (config: VapidConfig) => !config.VAPID_SUBJECT,
    what: `nothing, so push services would be told to write to ${DEVELOPMENT_SUBJECT}`,
    real: 'a mailto: address or an https page where push services can reach you',
  },
];

/**
 * The configured keys, or (development, tests, a demo) a pair made once and kept in Redis under the
 * service's prefix, so the API and every worker process sign and hand out the same key on a bare
 * machine (`npm start`). Asked lazily and remembered: a worker boots even while Redis is slow.
 */
export class VapidKeySource {
  private pending: Promise<VapidKeys> | null = null;

  constructor(
    private readonly config: VapidConfig,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  keys(): Promise<VapidKeys> {
    this.pending ??= this.load().catch((err) => {
      this.pending = null;
      throw err;
    });
    return this.pending;
  }

  private async load(): Promise<VapidKeys> {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = this.config;
    if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
      return {
        publicKey: VAPID_PUBLIC_KEY,
        privateKey: VAPID_PRIVATE_KEY,
        subject: VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT,
      };
    }
    const key = `${this.prefix}:auth:push:vapid-keys`;
    const made = webpush.generateVAPIDKeys();
    // The first process to get here wins; the others read its pair.
    await this.redis.set(key, JSON.stringify(made), 'NX');
    const stored = z
      .object({ publicKey: z.string(), privateKey: z.string() })
      .parse(JSON.parse((await this.redis.get(key)) ?? 'null'));
    return { ...stored, subject: VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT };
  }
}
