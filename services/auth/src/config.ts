import { MEMBER_COUNT_MIN, SUBSCRIPTION_END_WAIT_MS } from '@nashr/contracts';
import {
  baseEnv,
  copyEnv,
  databaseEnv,
  encryptionKeySchema,
  httpEnv,
  internalEnv,
  isLoopbackUrl,
  optionalEnv,
  redisEnv,
  refuseStandIns,
} from '@nashr/platform';
import { z } from 'zod';
import { checkVapidConfig, VAPID_STAND_INS, vapidEnv } from './push/vapid.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLocalHost(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname);
}

const publicUrl = z
  .string()
  .url()
  .default('http://localhost:8080')
  .transform((u) => u.replace(/\/$/, ''));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `a@x.com, B@Y.com` → a set of lower-cased addresses; case never decides who is an admin. */
const emailList = z
  .string()
  .default('')
  .transform(
    (s) =>
      new Set(
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  );

/** Shared by the API and the worker. */
const webhookEnv = {
  /** How long a failed webhook delivery first waits before its retry (doubling each time). */
  WEBHOOK_RETRY_BASE_MS: positiveInt(40_000),
  /**
   * Seals the webhook endpoints' signing secrets at rest (and the answer a repeated creation
   * replays): the API seals, the worker opens to sign. 32 bytes as base64 (openssl rand -base64 32).
   */
  ENCRYPTION_KEY: encryptionKeySchema,
};

/** Shared by the API and the worker: where links point to and how long they live. */
const magicLinkEnv = {
  /** The address people use (the gateway); sign-in links and the OpenID redirect point there. */
  PUBLIC_URL: publicUrl,
  MAGIC_LINK_TTL_SECONDS: positiveInt(15 * 60),
};

export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8101),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    ...magicLinkEnv,
    ...copyEnv,
    /** Signs the session cookie; the gateway must use the same secret to read it. */
    COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters'),
    ADMIN_EMAILS: emailList,
    /** Links one address may ask for per window, and links one client IP may ask for. */
    MAGIC_LINK_MAX_PER_ADDRESS: positiveInt(5),
    MAGIC_LINK_MAX_PER_IP: positiveInt(30),
    MAGIC_LINK_WINDOW_SECONDS: positiveInt(15 * 60),
    /** OpenID Connect for 'Continue with Google'. Unset issuer: the button leads back to /signup with an error. */
    OIDC_ISSUER: optionalEnv(z.string().url()),
    OIDC_CLIENT_ID: optionalEnv(z.string().min(1)),
    OIDC_CLIENT_SECRET: optionalEnv(z.string().min(1)),
    /** A web inbox for development (the local mail catcher); the web's 'Open Gmail' opens it when set. */
    MAIL_INBOX_URL: optionalEnv(z.string().url()),
    /** Fewer accounts than this: the sign-up page says no number (contracts: `memberCountShown`). */
    MEMBER_COUNT_MIN: positiveInt(MEMBER_COUNT_MIN),
    /**
     * How long 'Delete my account' waits for billing to end the paid subscription before refusing;
     * never longer than billing still acts on the request (contracts: SUBSCRIPTION_END_WAIT_MS).
     */
    SUBSCRIPTION_END_WAIT_MS: z.coerce
      .number()
      .int()
      .positive()
      .max(SUBSCRIPTION_END_WAIT_MS)
      .default(SUBSCRIPTION_END_WAIT_MS),
    ...vapidEnv,
    ...webhookEnv,
  })
  .superRefine(checkVapidConfig)
  .superRefine((config, ctx) => {
    if (!config.OIDC_ISSUER) return;
    if (!config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: [config.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID'],
        message: 'is required when OIDC_ISSUER is set',
      });
    }
    const issuer = new URL(config.OIDC_ISSUER);
    // Plain http is only tolerable for a provider on this machine, and never in production.
    const insecureAllowed = config.NODE_ENV !== 'production' && isLocalHost(issuer);
    // Outside a demo, production refuses a local issuer whatever its scheme (the stand-in rule below).
    const refusedAsStandIn = config.NODE_ENV === 'production' && !config.NASHR_DEMO && isLocalHost(issuer);
    if (issuer.protocol !== 'https:' && !insecureAllowed && !refusedAsStandIn) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be https (http only for localhost or 127.0.0.1 outside production)',
      });
    }
  })
  .superRefine(
    refuseStandIns([
      {
        variable: 'OIDC_ISSUER',
        when: (config) => isLoopbackUrl(config.OIDC_ISSUER),
        what: 'the local OpenID provider (an issuer on this machine)',
        real: 'the https issuer of a real OpenID provider (e.g. https://accounts.google.com), or leave it unset',
      },
      {
        variable: 'MAIL_INBOX_URL',
        when: (config) => config.MAIL_INBOX_URL !== undefined,
        what: "the local mail catcher's inbox",
        real: 'nothing (leave it unset: people read their own mail)',
      },
      ...VAPID_STAND_INS,
    ]),
  );
export type Config = z.infer<typeof configSchema>;

const workerNames = ['mail', 'inbox', 'push', 'webhooks'] as const;
export type WorkerName = (typeof workerNames)[number];

export const workerConfigSchema = z
  .object({
    ...baseEnv,
    ...databaseEnv,
    ...redisEnv,
    ...magicLinkEnv,
    /** e.g. smtp://user:pass@smtp.example.com:587 or smtps://...:465 */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().min(3).default('Nashr <no-reply@nashr.local>'),
    ...vapidEnv,
    /** How long one push service may take to answer before the delivery is retried later. */
    PUSH_TIMEOUT_MS: positiveInt(5_000),
    /** How long one webhook receiver may take to answer before the attempt counts as failed. */
    WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
    ...webhookEnv,
    /** Which workers this process runs, so operators can scale mail and events apart. */
    AUTH_WORKERS: z
      .string()
      .default(workerNames.join(','))
      .transform((s) => s.split(',').map((w) => w.trim()))
      .pipe(z.array(z.enum(workerNames)).min(1)),
  })
  .superRefine(checkVapidConfig)
  .superRefine(
    refuseStandIns([
      {
        variable: 'SMTP_URL',
        // The catcher listens on 1025 (packages/fakes/src/mail-catcher.ts), also the unset default.
        when: (config) => smtpPort(config.SMTP_URL) === 1025,
        what: 'the local mail catcher (port 1025), which delivers nothing',
        real: 'a real mail server, smtp:// or smtps://user:password@host:port',
      },
      ...VAPID_STAND_INS,
    ]),
  );

function smtpPort(url: string): number | undefined {
  try {
    return Number(new URL(url).port) || undefined;
  } catch {
    return undefined;
  }
}
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
