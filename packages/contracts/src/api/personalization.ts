import { personalizationInputSchema } from '../auth/personalization.js';
import { successMessageSchema } from '../http.js';
import { defineEndpoint } from './define.js';

/** The user's description of themselves (onboarding and settings). */
export const personalizationApi = {
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/personalization',
    owner: 'auth',
    access: 'signed-in',
    summary: "Save the user's personalization (onboarding and settings)",
    body: personalizationInputSchema,
    responses: { 200: { description: 'Saved', schema: successMessageSchema } },
  }),
} as const;
