import { z } from 'zod';
import { LINKEDIN_ERROR_CODES, NETWORK_FAILURE_CODES } from '../linkedin/errors.js';
import {
  accountIdParamsSchema,
  accountStepResponseSchema,
  addPageRequestSchema,
  connectAccountRequestSchema,
  connectMethodsResponseSchema,
  linkedinPagesResponseSchema,
  linkedinPostsResponseSchema,
  linkedlnRequestSchema,
  pageParamsSchema,
  solveChallengeRequestSchema,
  userInfoResponseSchema,
  userProfileDataResponseSchema,
  userProfileResponseSchema,
} from '../linkedin/index.js';
import { defineEndpoint } from './define.js';
import { exportPart } from './export-part.js';
import { LINK_PATHS } from './link-paths.js';

const network = NETWORK_FAILURE_CODES;
/** The spec sends `{ data: { linkedinAccountId } }`; the account is the caller's own, so the body may be left out. */
const optionalLinkedlnRequest = linkedlnRequestSchema.optional();
const codes = LINKEDIN_ERROR_CODES;
const step = (description: string) => ({ 200: { description, schema: accountStepResponseSchema } });
/** What the network answers when it cannot be read: the account must be reconnected, or it is busy or down. */
const networkRefusals = {
  404: [codes.notConnected, network.not_found],
  409: [codes.reconnect],
  429: [network.rate_limited],
} as const;

/** Connecting the network account, and the spec's calls that read it (its `/linkedln/` spelling). */
export const linkedinApi = {
  connectMethods: defineEndpoint({
    method: 'GET',
    path: '/api/v1/linkedin/providers',
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'The ways to connect a network account offered here, the recommended one first',
    description:
      "`oauth` is the network's own sign-in page (Continue with LinkedIn); `credentials` the password sign-in popup.",
    responses: { 200: { description: 'The offered ways to connect', schema: connectMethodsResponseSchema } },
  }),
  oauthStart: defineEndpoint({
    method: 'GET',
    path: LINK_PATHS.linkedinOauthStart,
    owner: 'linkedin',
    access: 'signed-in',
    summary: "Continue with LinkedIn: to the network's sign-in and consent page",
    description:
      'Starts the OAuth 2.0 authorization code flow with `state` and PKCE (S256) for the scopes `openid profile email w_member_social`. `?display=page` when the flow runs in the tab instead of a popup.',
    responses: {
      302: {
        description:
          "To the network's consent page, or back to the connect screen with `?oauth=unavailable` when the deployment does not offer it",
      },
    },
  }),
  oauthCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v1/linkedin/oauth/callback',
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'Where the network sends the browser back after its consent page',
    description:
      "The network's `code` and `state` are checked against the sign-in this user started; the tokens are kept sealed and never reach the browser.",
    responses: {
      302: {
        description:
          'To the connect screen with `?oauth=connected`, or `?oauth=cancelled|expired|failed|unavailable|taken` (`taken`: the member is connected in another Nashr account)',
      },
    },
  }),
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/v1/linkedin/accounts',
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'Connect a network account with its credentials',
    description:
      'The password goes to the network provider and is never stored. The answer names the next checkpoint (code, in-app approval, CAPTCHA...) until `connected` is true.',
    body: connectAccountRequestSchema,
    responses: step('Connected, or the next sign-in step'),
    errors: {
      409: [codes.accountOfSomeoneElse, codes.connectedElsewhere],
      422: [network.invalid_credentials, network.rejected, network.insufficient_privileges],
      429: [network.rate_limited],
    },
  }),
  solveChallenge: defineEndpoint({
    method: 'POST',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges',
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'Answer a sign-in checkpoint (a 2FA/OTP code or a CAPTCHA token)',
    params: accountIdParamsSchema,
    body: solveChallengeRequestSchema,
    responses: step('Connected, or the next sign-in step'),
    errors: {
      404: [codes.signInNotFound],
      409: [
        codes.signInOfSomeoneElse,
        codes.noPendingSignIn,
        codes.checkpointExpired,
        codes.tooManyWrongCodes,
        codes.connectedElsewhere,
      ],
      422: [network.invalid_checkpoint_solution, network.rejected],
      429: [network.rate_limited],
    },
  }),
  checkInAppApproval: defineEndpoint({
    method: 'GET',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges/in-app',
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'Check whether the sign-in was approved in the mobile app',
    params: accountIdParamsSchema,
    responses: step('Connected, or still waiting'),
    errors: {
      404: [codes.signInNotFound],
      409: [
        codes.signInOfSomeoneElse,
        codes.noPendingSignIn,
        codes.waitingForCode,
        codes.checkpointExpired,
        codes.connectedElsewhere,
      ],
    },
  }),
  resendCode: defineEndpoint({
    method: 'POST',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges/resend',
    noBody: true,
    owner: 'linkedin',
    access: 'signed-in',
    summary: 'Send the checkpoint code again',
    params: accountIdParamsSchema,
    responses: step('The code was sent again'),
    errors: {
      404: [codes.signInNotFound],
      409: [codes.signInOfSomeoneElse, codes.noPendingSignIn, codes.checkpointExpired],
      429: [network.rate_limited],
    },
  }),
  getUserInfo: defineEndpoint({
    method: 'POST',
    path: '/linkedln/getUserInfo',
    owner: 'linkedin',
    access: 'signed-in',
    // The identity posts go out as: programs and assistants that write posts need to name it.
    token: 'posts:read',
    summary: "The signed-in user's network account",
    body: optionalLinkedlnRequest,
    responses: { 200: { description: 'The account as stored by this product', schema: userInfoResponseSchema } },
    errors: { 400: [codes.nestedTooDeeply], 404: [codes.notConnected] },
  }),
  getUserProfile: defineEndpoint({
    method: 'POST',
    path: '/linkedln/getUserProfile',
    owner: 'linkedin',
    access: 'full-user',
    summary: 'Name, headline and picture from the network',
    body: optionalLinkedlnRequest,
    responses: { 200: { description: 'The profile', schema: userProfileResponseSchema } },
    errors: networkRefusals,
  }),
  getPosts: defineEndpoint({
    method: 'POST',
    path: '/linkedln/getPosts',
    owner: 'linkedin',
    access: 'full-user',
    summary: "The user's published posts on the network",
    description:
      '`data` may carry `limit` and `cursor` for paging, and `identity` (a company page added to the account) for that page’s posts.',
    body: optionalLinkedlnRequest,
    responses: { 200: { description: 'One page of posts', schema: linkedinPostsResponseSchema } },
    errors: { ...networkRefusals, 422: [codes.pageNotAdministered] },
  }),
  getUserProfileData: defineEndpoint({
    method: 'POST',
    path: '/linkedln/getUserProfileData',
    owner: 'linkedin',
    access: 'full-user',
    summary: 'The full profile: experience, education, skills',
    body: optionalLinkedlnRequest,
    responses: { 200: { description: 'The profile', schema: userProfileDataResponseSchema } },
    errors: networkRefusals,
  }),
  measureVoice: defineEndpoint({
    method: 'POST',
    path: '/api/v1/linkedin/voice/measure',
    noBody: true,
    owner: 'linkedin',
    access: 'full-user',
    summary: "Measure the writer's voice again from their published posts",
    description:
      'Reads up to 50 of the newest published posts from the network and hands their text to the ai service, ' +
      'which measures the voice in the background (read it with `GET /api/v1/ai/voice`).',
    responses: {
      202: {
        description: 'The posts were read; the voice is being measured',
        schema: z.object({
          success: z.literal(true),
          data: z.object({ posts: z.number().int() }),
          message: z.string(),
        }),
      },
    },
    errors: networkRefusals,
  }),
  listPages: defineEndpoint({
    method: 'GET',
    path: '/api/v1/linkedin/pages',
    owner: 'linkedin',
    access: 'full-user',
    summary: 'The company pages the connected member administers, and which are added here',
    description:
      'Read from the network each time ("Organization Access Control by Role"): a page the member no longer administers is not listed. ' +
      '`granted` is false when the member did not allow pages at consent.',
    responses: { 200: { description: 'The pages', schema: linkedinPagesResponseSchema } },
    errors: networkRefusals,
  }),
  addPage: defineEndpoint({
    method: 'POST',
    path: '/api/v1/linkedin/pages',
    owner: 'linkedin',
    access: 'full-user',
    summary: 'Add a company page the member administers, to write posts as it',
    body: addPageRequestSchema,
    responses: { 200: { description: 'The pages, the new one added', schema: linkedinPagesResponseSchema } },
    errors: {
      ...networkRefusals,
      409: [codes.reconnect, codes.pagesNotGranted, codes.connectedElsewhere],
      422: [codes.pageNotAdministered],
    },
  }),
  removePage: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/linkedin/pages/{organizationId}',
    owner: 'linkedin',
    access: 'full-user',
    summary: 'Remove an added company page',
    description: "The page's scheduled posts wait, marked, until it is added again or they are moved.",
    params: pageParamsSchema,
    responses: { 200: { description: 'The pages, the page removed', schema: linkedinPagesResponseSchema } },
    errors: networkRefusals,
  }),
  export: exportPart('linkedin', '/api/v1/linkedin/export', 'the network account and its publish history'),
} as const;
