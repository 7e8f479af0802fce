import { z } from 'zod';
import { choicesResponseSchema, saveChoicesRequestSchema } from '../ai/choices.js';
import { AI_LIMIT_ERROR_CODES } from '../ai/credits.js';
import { AI_ERROR_CODES } from '../ai/errors.js';
import { ideasResponseSchema } from '../ai/ideas.js';
import {
  PROFILE_REVIEW_ERROR_CODES,
  profileReviewRequestSchema,
  profileReviewResponseSchema,
} from '../ai/profile-review.js';
import { generateRequestSchema, modifyRequestSchema, rewriteRequestSchema, streamQuerySchema } from '../ai/requests.js';
import { creditsResponseSchema, draftResponseSchema, grantCreditsRequestSchema } from '../ai/responses.js';
import { voiceCorrectionsRequestSchema, voiceResponseSchema } from '../ai/voice.js';
import { defineEndpoint } from './define.js';
import { exportPart } from './export-part.js';

const streamNote =
  'Answers JSON by default. With `?stream=1` or `Accept: text/event-stream` it streams server-sent events: ' +
  'one `meta`, then `token` events, then `done` (the JSON answer) or `error`. Credits are reserved before the ' +
  'provider runs and refunded when it fails.';
const draft = { 200: { description: 'The draft (or, when streaming, the event stream)', schema: draftResponseSchema } };
/**
 * The provider failed: no draft, and the reserved credits are refunded. Or, with no premium
 * credits left, the day's free generations are used up (429 `ai.free_daily_limit`).
 */
const providerFailures = {
  502: [
    AI_ERROR_CODES.auth,
    AI_ERROR_CODES.providerError,
    AI_ERROR_CODES.rejected,
    AI_ERROR_CODES.unreachable,
    AI_ERROR_CODES.empty,
    AI_ERROR_CODES.timeout,
    AI_ERROR_CODES.failed,
  ],
  429: [AI_ERROR_CODES.rateLimited, AI_LIMIT_ERROR_CODES.freeDailyLimit],
} as const;

/** Writing and adjusting posts with AI, the composer's choices and the credits they cost. */
export const aiApi = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ai/generate',
    owner: 'ai',
    access: 'full-user',
    token: 'ai:generate',
    summary: 'Write a post about a topic',
    description: streamNote,
    query: streamQuerySchema,
    body: generateRequestSchema,
    responses: draft,
    errors: providerFailures,
  }),
  rewrite: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ai/rewrite',
    owner: 'ai',
    access: 'full-user',
    token: 'ai:generate',
    summary: 'Rewrite a post to be more engaging',
    description: streamNote,
    query: streamQuerySchema,
    body: rewriteRequestSchema,
    responses: draft,
    errors: providerFailures,
  }),
  modify: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ai/modify',
    owner: 'ai',
    access: 'full-user',
    token: 'ai:generate',
    summary: 'Make a post shorter, longer, more casual or more formal',
    description: streamNote,
    query: streamQuerySchema,
    body: modifyRequestSchema,
    responses: draft,
    errors: providerFailures,
  }),
  choices: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ai/choices',
    owner: 'ai',
    access: 'signed-in',
    summary: "The composer's choices for the next generation",
    responses: {
      200: { description: 'Choices, where they come from, and the defaults', schema: choicesResponseSchema },
    },
  }),
  saveChoices: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/ai/choices',
    owner: 'ai',
    access: 'signed-in',
    summary: "Save the composer's choices",
    body: saveChoicesRequestSchema,
    responses: { 200: { description: 'Saved', schema: choicesResponseSchema.extend({ message: z.string() }) } },
  }),
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ai/credits',
    owner: 'ai',
    access: 'signed-in',
    summary: 'Credits left and the plan',
    responses: { 200: { description: 'The credit balance', schema: creditsResponseSchema } },
  }),
  userCredits: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ai/admin/credits/{userId}',
    owner: 'ai',
    access: 'admin',
    summary: "A user's AI credits, for the admin area",
    params: z.object({ userId: z.string().uuid('The user id must be a UUID') }),
    responses: { 200: { description: "The user's balance and plan", schema: creditsResponseSchema } },
  }),
  grantCredits: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ai/admin/credits/{userId}',
    owner: 'ai',
    access: 'admin',
    summary: 'Grant a user AI credits for the current period',
    description: "The plan is billing's and is never set here; the grant is kept until the period renews.",
    params: z.object({ userId: z.string().uuid('The user id must be a UUID') }),
    body: grantCreditsRequestSchema,
    responses: {
      200: { description: "The user's new balance", schema: creditsResponseSchema.extend({ message: z.string() }) },
    },
  }),
  voice: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ai/voice',
    owner: 'ai',
    access: 'signed-in',
    summary: "The writer's voice measured from their published posts, with their corrections",
    responses: { 200: { description: 'The voice, or what is missing to measure it', schema: voiceResponseSchema } },
  }),
  correctVoice: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/ai/voice',
    owner: 'ai',
    access: 'signed-in',
    summary: "Correct traits of the writer's voice",
    description: 'A trait given a value wins over the measure; a trait given null goes back to the measure.',
    body: voiceCorrectionsRequestSchema,
    responses: {
      200: { description: 'The corrected voice', schema: voiceResponseSchema.extend({ message: z.string() }) },
    },
  }),
  profileReview: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ai/profile-review',
    owner: 'ai',
    access: 'full-user',
    summary: 'Review the headline, About section and skills and propose rewrites',
    description:
      'The fields come from the network profile or are pasted by the user. Costs credits like a generation: ' +
      'reserved before the provider runs and refunded when it fails.',
    body: profileReviewRequestSchema,
    responses: {
      200: { description: 'Proposed rewrites, each with its reason', schema: profileReviewResponseSchema },
    },
    errors: { ...providerFailures, 400: [PROFILE_REVIEW_ERROR_CODES.empty, PROFILE_REVIEW_ERROR_CODES.tooLong] },
  }),
  ideas: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ai/ideas',
    owner: 'ai',
    access: 'full-user',
    summary: "Today's post ideas",
    description:
      'Prepared each day in the background. When today is not prepared yet the job is asked for now and the ' +
      'answer says `preparing`: ask again shortly.',
    responses: { 200: { description: "Today's ideas, or that they are being prepared", schema: ideasResponseSchema } },
  }),
  export: exportPart(
    'ai',
    '/api/v1/ai/export',
    'personalization copy, composer choices, credits, writing voice and generation history',
  ),
} as const;
