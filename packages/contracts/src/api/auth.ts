import { z } from 'zod';
import { adminUserQuerySchema, adminUserResponseSchema } from '../auth/admin-users.js';
import { authClientConfigSchema } from '../auth/client-config.js';
import { ACCOUNT_ERROR_CODES, AUTH_ERROR_CODES } from '../auth/errors.js';
import { MAGIC_LINK_ERROR_CODES } from '../auth/magic-link.js';
import {
  magicLinkVerifiedSchema,
  magicLinkVerifyRequestSchema,
  magicLoginRequestSchema,
  meResponseSchema,
} from '../auth/session.js';
import { successMessageSchema } from '../http.js';
import { defineEndpoint } from './define.js';
import { LINK_PATHS } from './link-paths.js';

const redirect = (description: string) => ({ description });
const logoutNote =
  'Refused (403, `session.cross_site_logout`) when another site started the request (Sec-Fetch-Site or Origin).';

/** Signing in and out: magic links, Google, the session. */
export const authApi = {
  clientConfig: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/client-config',
    owner: 'auth',
    access: 'visitor',
    summary: 'What the sign-in screens need to know about this installation',
    responses: {
      200: {
        description: 'Google sign-in availability and the local mail inbox (development only)',
        schema: authClientConfigSchema,
      },
    },
  }),
  magicLogin: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/magic-login',
    owner: 'auth',
    access: 'visitor',
    summary: 'E-mail a single-use sign-in link',
    description:
      'The same answer whether or not the address has an account. Links expire after 15 minutes. Limited per address and per client.',
    body: magicLoginRequestSchema,
    responses: { 200: { description: 'The link is on its way', schema: successMessageSchema } },
    errors: {
      400: [AUTH_ERROR_CODES.emailRequired, AUTH_ERROR_CODES.emailInvalid],
      429: [AUTH_ERROR_CODES.tooManyLinks],
    },
  }),
  openMagicLink: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/magic-login/verify',
    owner: 'auth',
    access: 'visitor',
    summary: 'Open a sign-in link',
    description:
      'Never spends the token (mail scanners and prefetchers open links too): redirects to the `/verify` page with the token and its address in the fragment, and that page spends it with the POST below once the person clicks "Continue as <address>". A token that cannot sign in: to `/verify?status=invalid|used|expired`.',
    // A token in another shape (repeated, say) leads to the page's 'invalid link' like a missing one.
    query: z.object({
      token: z.string().optional().catch(undefined).describe('The token from the e-mailed link'),
    }),
    responses: {
      302: redirect('To `/verify#token=...&email=...`, or to `/verify?status=...` for a token that cannot sign in'),
    },
  }),
  verifyMagicLink: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/magic-login/verify',
    owner: 'auth',
    access: 'visitor',
    summary: 'Spend a sign-in link and start a session',
    description:
      'Made by the `/verify` page. A refused link answers with the code `magic_link.expired`, `magic_link.used` or `magic_link.invalid`.',
    body: magicLinkVerifyRequestSchema,
    responses: { 200: { description: 'Signed in: the session cookie is set', schema: magicLinkVerifiedSchema } },
    errors: { 409: [MAGIC_LINK_ERROR_CODES.expired, MAGIC_LINK_ERROR_CODES.used, MAGIC_LINK_ERROR_CODES.invalid] },
  }),
  google: defineEndpoint({
    method: 'GET',
    path: LINK_PATHS.googleSignIn,
    owner: 'auth',
    access: 'visitor',
    summary: 'Continue with Google (OpenID Connect)',
    responses: {
      302: redirect("To the provider's sign-in page, or to `/signup?error=google` when it is not configured"),
    },
  }),
  googleCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/google/callback',
    owner: 'auth',
    access: 'visitor',
    summary: 'Where the provider sends the browser back',
    description:
      "The provider's query parameters (`code`, `state`, ...) are checked against the sign-in started in this browser.",
    responses: { 302: redirect('To `/verify?status=verified` with a session, or to `/signup?error=google`') },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/me',
    owner: 'auth',
    access: 'signed-in',
    summary: 'The signed-in user',
    responses: {
      200: { description: 'E-mail, roles, network connection and personalization', schema: meResponseSchema },
    },
  }),
  // Signing out changes state, so only a POST does it: a GET can be started by any link, image or
  // prefetch, and older browsers send no Sec-Fetch-Site to tell such a GET from one of ours.
  logoutPage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/logout',
    owner: 'auth',
    access: 'visitor',
    summary: 'Signs nobody out: sends the browser to the app, where the Log out button is',
    responses: { 303: redirect('To `/`; the session, if any, stays') },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    noBody: true,
    owner: 'auth',
    access: 'visitor',
    summary: 'Sign out',
    description: logoutNote,
    responses: { 200: { description: 'The session is ended and its cookie cleared', schema: successMessageSchema } },
    errors: { 403: [ACCOUNT_ERROR_CODES.crossSiteLogout] },
  }),
  findUser: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/admin/users',
    owner: 'auth',
    access: 'admin',
    summary: 'Look up an account by its e-mail address, for the admin area',
    query: adminUserQuerySchema,
    responses: { 200: { description: 'The account', schema: adminUserResponseSchema } },
    errors: { 404: [ACCOUNT_ERROR_CODES.userNotFound] },
  }),
} as const;
