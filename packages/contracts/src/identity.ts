import { z } from 'zod';

/**
 * The gateway resolves the session once per request and forwards who is calling in these
 * headers. Services trust them only when the internal secret header matches.
 */
export const IDENTITY_HEADERS = {
  internalSecret: 'x-internal-secret',
  requestId: 'x-request-id',
  userId: 'x-user-id',
  userEmail: 'x-user-email',
  userRoles: 'x-user-roles',
  sessionId: 'x-session-id',
  /** The stamps of the user's own changes this request must see (see consistency.ts). */
  seen: 'x-nashr-seen',
} as const;

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const identitySchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  roles: z.array(roleSchema),
});
export type Identity = z.infer<typeof identitySchema>;

/** Name of the signed session cookie set by the auth service and read by the gateway. */
export const SESSION_COOKIE = 'sid';

/**
 * Cookies the web app keeps for the gateway, which renders a page's HTML by them: the interface
 * language (`ar` or `en`) and the browser's time zone (an IANA name), so a screen rendered on the
 * server reads as the browser would render it.
 */
export const LANGUAGE_COOKIE = 'lang';
export const TIME_ZONE_COOKIE = 'tz';
/**
 * The workspace the web app last chose to work in (its id; absent: the personal one), so a new tab
 * and a screen the gateway renders start in it. The app sends it as the `nashr-workspace` header
 * (WORKSPACE_HEADER); the cookie itself is only the browser's word, never a grant.
 */
export const WORKSPACE_COOKIE = 'ws';

/**
 * The installable app's manifest in a page's language (web/public/manifest*.webmanifest): the
 * gateway writes it into the pages it renders, the web app switches it with the language.
 */
export const manifestOf = (lang: string) => (lang === 'en' ? '/manifest.en.webmanifest' : '/manifest.webmanifest');

/** The id of the JSON a signed-in screen rendered by the gateway carries: its data (web/src/app-ssr). */
export const SCREEN_DATA_ELEMENT_ID = 'app-screen-data';

/**
 * What a gateway may hold in memory about a signed-in caller (the session's identity and the
 * `/me` answer) and what ends it: a user's account changed, or a session ended. The auth service
 * announces these on Redis and every gateway reads them.
 */
export const identityChangeSchema = z.union([
  z.object({ userId: z.string().min(1) }).strict(),
  // The SHA-256 of the ended session's id, not the id: anyone who can listen on Redis could use an id.
  z.object({ sessionDigest: z.string().min(1) }).strict(),
]);
export type IdentityChange = z.infer<typeof identityChangeSchema>;

/**
 * Where people write to the installation (the legal pages, the footer, the FAQ): the gateway's
 * CONTACT_EMAIL, written into every page as a meta element of this name; this address when unset.
 */
export const DEFAULT_CONTACT_EMAIL = 'support@nashr.app';
export const CONTACT_EMAIL_META = 'nashr-contact-email';
