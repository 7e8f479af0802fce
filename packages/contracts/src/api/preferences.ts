import { displayPreferencesResponseSchema, displayPreferencesUpdateSchema } from '../auth/display-preferences.js';
import { defineEndpoint } from './define.js';

/** How the interface shows numbers and dates: Hijri beside Gregorian, the week's first day, the digits. */
export const preferencesApi = {
  display: defineEndpoint({
    method: 'GET',
    path: '/api/v1/preferences/display',
    owner: 'auth',
    access: 'signed-in',
    summary: 'How the interface shows numbers and dates (defaults until saved)',
    responses: { 200: { description: 'Display preferences', schema: displayPreferencesResponseSchema } },
  }),
  saveDisplay: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/preferences/display',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Change the display preferences (any part of them)',
    body: displayPreferencesUpdateSchema,
    responses: { 200: { description: 'Saved display preferences', schema: displayPreferencesResponseSchema } },
  }),
} as const;
