import { API_TOKEN_RATE_PER_MINUTE, DEFAULT_CONTACT_EMAIL } from '@nashr/contracts';
import { baseEnv, httpEnv, internalEnv, redisEnv } from '@nashr/platform';
import { z } from 'zod';

const serviceUrl = (port: number) =>
  z
    .string()
    .url()
    .default(`http://127.0.0.1:${port}`)
    .transform((u) => u.replace(/\/$/, ''));

export const configSchema = z.object({
  ...baseEnv,
  ...httpEnv,
  PORT: httpEnv.PORT.default(8080),
  ...redisEnv,
  ...internalEnv,
  /** Signs the session cookie. */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  AUTH_URL: serviceUrl(8101),
  LINKEDIN_URL: serviceUrl(8102),
  POSTS_URL: serviceUrl(8103),
  CONTENT_URL: serviceUrl(8104),
  AI_URL: serviceUrl(8105),
  BILLING_URL: serviceUrl(8106),
  ENGAGE_URL: serviceUrl(8107),
  /** The built web app; when set the gateway serves it, so one URL serves the whole product. */
  WEB_DIST: z.string().optional(),
  /**
   * Signed-in screens rendered here with their data (app-screen.ts); `false` serves every screen as
   * index.html, the browser then loading its data itself (as when rendering cannot be done).
   */
  RENDER_SCREENS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * A screen not rendered within this many milliseconds is served as index.html at once (its
   * browser then loads the data itself): a slow moment never holds the first paint back long.
   */
  RENDER_SCREEN_WITHIN_MS: z.coerce.number().int().positive().default(1_500),
  /** The address people use; state-changing requests from any other origin are refused. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Where people write to this installation: the legal pages, the footer and the FAQ name it. Not
   * required in production: the default is the product's own support address (blank: the default).
   */
  CONTACT_EMAIL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().pipe(z.email('must be an e-mail address')).default(DEFAULT_CONTACT_EMAIL),
  ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Calls one personal API token may make a minute (each token its own budget). */
  API_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(API_TOKEN_RATE_PER_MINUTE),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type Config = z.infer<typeof configSchema>;
