import {
  accountIdParamsSchema,
  accountStepResponseSchema,
  authClientConfigSchema,
  choicesResponseSchema,
  connectAccountRequestSchema,
  contentBlockResponseSchema,
  contentBlockSchemas,
  contentQuerySchema,
  contentSaveQuerySchema,
  createPostFailureSchema,
  createPostRequestSchema,
  createPostResponseSchema,
  creditsResponseSchema,
  draftResponseSchema,
  generateRequestSchema,
  linkedinPostsResponseSchema,
  linkedlnRequestSchema,
  magicLoginRequestSchema,
  meResponseSchema,
  modifyRequestSchema,
  personalizationInputSchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListResponseSchema,
  postResponseSchema,
  rewriteRequestSchema,
  saveChoicesRequestSchema,
  scheduledPostsResponseSchema,
  schedulePostRequestSchema,
  schedulePostResponseSchema,
  setPlanRequestSchema,
  solveChallengeRequestSchema,
  streamQuerySchema,
  successMessageSchema,
  updatePostRequestSchema,
  userInfoResponseSchema,
  userProfileDataResponseSchema,
  userProfileResponseSchema,
} from '@nashr/contracts';
import { z } from 'zod';
import type { ServiceName } from './route-table.js';

/** Who may call a route: anyone, a signed-in user, or an administrator. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface DocumentedResponse {
  description: string;
  /** JSON body; omitted for redirects and non-JSON answers. */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export interface DocumentedRoute {
  method: HttpMethod;
  /** OpenAPI form: `{param}`, exactly as the owning service registers it otherwise. */
  path: string;
  /** The service that answers it; `gateway` for the gateway's own pages. */
  service: ServiceName | 'gateway';
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, DocumentedResponse>;
  /** Error statuses beyond those implied by access and input (400, 401, 403). */
  errors?: number[];
}

const json = (description: string, schema: z.ZodType): DocumentedResponse => ({ description, schema });
const redirect = (description: string): DocumentedResponse => ({ description });

const blockNames = Object.keys(contentBlockSchemas) as [keyof typeof contentBlockSchemas];
const anyBlock = z.union(Object.values(contentBlockSchemas) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
const blockParams = z.object({
  blockName: z
    .enum(blockNames)
    .describe('The landing-page block: hero, feature, why-choose, testimonials, pricing, faq'),
});

const streamNote =
  'Answers JSON by default. With `?stream=1` or `Accept: text/event-stream` it streams server-sent events: ' +
  'one `meta`, then `token` events, then `done` (the JSON answer) or `error`. Credits are reserved before the ' +
  'provider runs and refunded when it fails.';
const draftAnswers = {
  200: json('The draft (or, when streaming, the event stream)', draftResponseSchema),
};

/**
 * Every public route of the product, as the gateway exposes it. `openapi.test.ts` checks this list
 * against the gateway's route table and against the routes each service app really registers.
 */
export const DOCUMENTED_ROUTES: readonly DocumentedRoute[] = [
  // --- auth ------------------------------------------------------------------------------------
  {
    method: 'GET',
    path: '/api/v1/auth/client-config',
    service: 'auth',
    access: 'public',
    summary: 'What the sign-in screens need to know about this installation',
    responses: {
      200: json('Google sign-in availability and the local mail inbox (development only)', authClientConfigSchema),
    },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/magic-login',
    service: 'auth',
    access: 'public',
    summary: 'E-mail a single-use sign-in link',
    description:
      'The same answer whether or not the address has an account. Links expire after 15 minutes. Limited per address and per client.',
    body: magicLoginRequestSchema,
    responses: { 200: json('The link is on its way', successMessageSchema) },
    errors: [429],
  },
  {
    method: 'GET',
    path: '/api/v1/auth/magic-login/verify',
    service: 'auth',
    access: 'public',
    summary: 'Open a sign-in link',
    description:
      'Starts a session when the token is good, then redirects to `/verify?status=verified|expired|used|invalid`.',
    query: z.object({ token: z.string().describe('The token from the e-mailed link') }).partial(),
    responses: { 302: redirect('To `/verify?status=...`, with the session cookie when verified') },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/google',
    service: 'auth',
    access: 'public',
    summary: 'Continue with Google (OpenID Connect)',
    responses: {
      302: redirect("To the provider's sign-in page, or to `/signup?error=google` when it is not configured"),
    },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/google/callback',
    service: 'auth',
    access: 'public',
    summary: 'Where the provider sends the browser back',
    description:
      "The provider's query parameters (`code`, `state`, ...) are checked against the sign-in started in this browser.",
    responses: { 302: redirect('To `/verify?status=verified` with a session, or to `/signup?error=google`') },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/me',
    service: 'auth',
    access: 'user',
    summary: 'The signed-in user',
    responses: { 200: json('E-mail, roles, network connection and personalization', meResponseSchema) },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/logout',
    service: 'auth',
    access: 'public',
    summary: 'Sign out (the spec calls it with GET)',
    responses: { 200: json('The session is ended and its cookie cleared', successMessageSchema) },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/logout',
    service: 'auth',
    access: 'public',
    summary: 'Sign out',
    responses: { 200: json('The session is ended and its cookie cleared', successMessageSchema) },
  },
  {
    method: 'PUT',
    path: '/api/v1/personalization',
    service: 'auth',
    access: 'user',
    summary: "Save the user's personalization (onboarding and settings)",
    body: personalizationInputSchema,
    responses: { 200: json('Saved', successMessageSchema) },
  },

  // --- linkedin: connecting the network account --------------------------------------------------
  {
    method: 'POST',
    path: '/api/v1/linkedin/accounts',
    service: 'linkedin',
    access: 'user',
    summary: 'Connect a network account with its credentials',
    description:
      'The password goes to the network provider and is never stored. The answer names the next checkpoint (code, in-app approval, CAPTCHA...) until `connected` is true.',
    body: connectAccountRequestSchema,
    responses: { 200: json('Connected, or the next sign-in step', accountStepResponseSchema) },
    errors: [409, 422, 429],
  },
  {
    method: 'POST',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges',
    service: 'linkedin',
    access: 'user',
    summary: 'Answer a sign-in checkpoint (a 2FA/OTP code or a CAPTCHA token)',
    params: accountIdParamsSchema,
    body: solveChallengeRequestSchema,
    responses: { 200: json('Connected, or the next sign-in step', accountStepResponseSchema) },
    errors: [404, 409, 422, 429],
  },
  {
    method: 'GET',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges/in-app',
    service: 'linkedin',
    access: 'user',
    summary: 'Check whether the sign-in was approved in the mobile app',
    params: accountIdParamsSchema,
    responses: { 200: json('Connected, or still waiting', accountStepResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/api/v1/linkedin/accounts/{accountId}/challenges/resend',
    service: 'linkedin',
    access: 'user',
    summary: 'Send the checkpoint code again',
    params: accountIdParamsSchema,
    responses: { 200: json('The code was sent again', accountStepResponseSchema) },
    errors: [404, 409, 429],
  },

  // --- linkedin: the spec's call table (its spelling) --------------------------------------------
  {
    method: 'POST',
    path: '/linkedln/getUserInfo',
    service: 'linkedin',
    access: 'user',
    summary: "The signed-in user's network account",
    body: linkedlnRequestSchema,
    responses: { 200: json('The account as stored by this product', userInfoResponseSchema) },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/linkedln/getUserProfile',
    service: 'linkedin',
    access: 'user',
    summary: 'Name, headline and picture from the network',
    body: linkedlnRequestSchema,
    responses: { 200: json('The profile', userProfileResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/linkedln/getPosts',
    service: 'linkedin',
    access: 'user',
    summary: "The user's published posts on the network",
    description: '`data` may carry `limit` and `cursor` for paging.',
    body: linkedlnRequestSchema,
    responses: { 200: json('One page of posts', linkedinPostsResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/linkedln/getUserProfileData',
    service: 'linkedin',
    access: 'user',
    summary: 'The full profile: experience, education, skills',
    body: linkedlnRequestSchema,
    responses: { 200: json('The profile', userProfileDataResponseSchema) },
    errors: [404, 409],
  },

  // --- posts -----------------------------------------------------------------------------------
  {
    method: 'POST',
    path: '/linkedln/saveSchedulePost',
    service: 'posts',
    access: 'user',
    summary: 'Schedule a post',
    description: '`date` is YYYY-MM-DD and `time` 12-hour (`3:30 PM`) in `timeZone` (an IANA zone, UTC when absent).',
    body: schedulePostRequestSchema,
    responses: { 201: json('Scheduled', schedulePostResponseSchema) },
    errors: [403],
  },
  {
    method: 'GET',
    path: '/linkedln/getScheduledPosts/{id}',
    service: 'posts',
    access: 'user',
    summary: "The caller's posts waiting to go out",
    description: '`id` must be the signed-in user id: any other is refused with 403.',
    params: postIdParamsSchema,
    responses: { 200: json('Scheduled posts, soonest first', scheduledPostsResponseSchema) },
    errors: [403],
  },
  {
    method: 'POST',
    path: '/linkedln/createPost',
    service: 'posts',
    access: 'user',
    summary: 'Publish a post now',
    description: 'Waits a bounded time for the network. `text` may be JSON-encoded, as the spec sends it.',
    body: createPostRequestSchema,
    responses: {
      200: json('Published', createPostResponseSchema),
      202: json('Still publishing when the wait ran out: `data.status` is `publishing`', createPostResponseSchema),
      422: json('The network refused the post', createPostFailureSchema),
    },
  },
  {
    method: 'GET',
    path: '/api/v1/posts',
    service: 'posts',
    access: 'user',
    summary: 'Posts in a period (the calendar)',
    description: 'Bounded in length and in rows; `truncated` says when more matched.',
    query: postListQuerySchema,
    responses: { 200: json('Posts in the period', postListResponseSchema) },
  },
  {
    method: 'GET',
    path: '/api/v1/posts/{id}',
    service: 'posts',
    access: 'user',
    summary: 'One post',
    params: postIdParamsSchema,
    responses: { 200: json('The post', postResponseSchema) },
    errors: [404],
  },
  {
    method: 'PATCH',
    path: '/api/v1/posts/{id}',
    service: 'posts',
    access: 'user',
    summary: 'Edit or reschedule a post',
    params: postIdParamsSchema,
    body: updatePostRequestSchema,
    responses: { 200: json('The post as changed', postResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    path: '/api/v1/posts/{id}',
    service: 'posts',
    access: 'user',
    summary: 'Cancel a scheduled post',
    params: postIdParamsSchema,
    responses: { 200: json('The post, cancelled', postResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/api/v1/posts/{id}/retry',
    service: 'posts',
    access: 'user',
    summary: 'Try a failed post again',
    params: postIdParamsSchema,
    responses: { 200: json('Publishing again', postResponseSchema) },
    errors: [404, 409],
  },

  // --- content ---------------------------------------------------------------------------------
  {
    method: 'GET',
    path: '/content/{blockName}',
    service: 'content',
    access: 'public',
    summary: 'A block of the landing page, in one language',
    params: blockParams,
    query: contentQuerySchema,
    responses: { 200: json("The block's content and version", contentBlockResponseSchema(anyBlock)) },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/content/{blockName}/save_content/',
    service: 'content',
    access: 'admin',
    summary: 'Replace a block of the landing page',
    description:
      "The body is the block's whole content, validated by the block's schema (images as data URLs, 5 MB in all). With `version`, a stale save is refused with 409.",
    params: blockParams,
    query: contentSaveQuerySchema,
    body: anyBlock,
    responses: {
      200: json('Saved, with the new version', contentBlockResponseSchema(anyBlock).extend({ message: z.string() })),
    },
    errors: [404, 409, 413],
  },

  // --- ai --------------------------------------------------------------------------------------
  {
    method: 'POST',
    path: '/api/v1/ai/generate',
    service: 'ai',
    access: 'user',
    summary: 'Write a post about a topic',
    description: streamNote,
    query: streamQuerySchema,
    body: generateRequestSchema,
    responses: draftAnswers,
    errors: [502],
  },
  {
    method: 'POST',
    path: '/api/v1/ai/rewrite',
    service: 'ai',
    access: 'user',
    summary: 'Rewrite a post to be more engaging',
    description: streamNote,
    query: streamQuerySchema,
    body: rewriteRequestSchema,
    responses: draftAnswers,
    errors: [502],
  },
  {
    method: 'POST',
    path: '/api/v1/ai/modify',
    service: 'ai',
    access: 'user',
    summary: 'Make a post shorter, longer, more casual or more formal',
    description: streamNote,
    query: streamQuerySchema,
    body: modifyRequestSchema,
    responses: draftAnswers,
    errors: [502],
  },
  {
    method: 'GET',
    path: '/api/v1/ai/choices',
    service: 'ai',
    access: 'user',
    summary: "The composer's choices for the next generation",
    responses: { 200: json('Choices, where they come from, and the defaults', choicesResponseSchema) },
  },
  {
    method: 'PUT',
    path: '/api/v1/ai/choices',
    service: 'ai',
    access: 'user',
    summary: "Save the composer's choices",
    body: saveChoicesRequestSchema,
    responses: { 200: json('Saved', choicesResponseSchema.extend({ message: z.string() })) },
  },
  {
    method: 'GET',
    path: '/api/v1/ai/credits',
    service: 'ai',
    access: 'user',
    summary: 'Credits left and the plan',
    responses: { 200: json('The credit balance', creditsResponseSchema) },
  },
  {
    method: 'PUT',
    path: '/api/v1/ai/admin/plans/{userId}',
    service: 'ai',
    access: 'admin',
    summary: "Grant or end a user's Premium plan",
    params: z.object({ userId: z.string().uuid() }),
    body: setPlanRequestSchema,
    responses: { 200: json("The user's new balance", creditsResponseSchema.extend({ message: z.string() })) },
  },

  // --- gateway: this reference and the operator pages ---------------------------------------------
  {
    method: 'GET',
    path: '/api/v1/openapi.json',
    service: 'gateway',
    access: 'public',
    summary: 'This description of the API (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
  },
  {
    method: 'GET',
    path: '/api/v1/docs',
    service: 'gateway',
    access: 'public',
    summary: 'The API reference page',
    responses: { 200: { description: 'An HTML page rendering this document', contentType: 'text/html' } },
  },
  {
    method: 'GET',
    path: '/api/v1/ops/metrics',
    service: 'gateway',
    access: 'admin',
    summary: 'Prometheus metrics of the gateway and every service',
    description:
      'Prometheus text. Each sample carries a `service` label; `ops_service_up` is 0 for a service whose metrics could not be read.',
    responses: { 200: { description: 'Prometheus text format 0.0.4', contentType: 'text/plain' } },
  },
  {
    method: 'GET',
    path: '/api/v1/ops/queues',
    service: 'gateway',
    access: 'admin',
    summary: 'The queue dashboard (Bull Board)',
    description:
      'Every BullMQ queue with its waiting, delayed, active, completed and failed jobs; failed jobs can be retried.',
    responses: { 200: { description: 'The dashboard page', contentType: 'text/html' } },
  },
];
