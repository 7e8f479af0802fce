import { z } from 'zod';

/**
 * `GET /api/v1/auth/client-config`: what the sign-in screens need to know about this
 * installation. `mailInboxUrl` is set only in development (the local mail catcher), and the
 * '/verify' page's 'Open Gmail' button opens it instead of Gmail.
 */
export const authClientConfigSchema = z.object({
  success: z.literal(true),
  data: z.object({
    googleEnabled: z.boolean(),
    mailInboxUrl: z.string().url().nullable(),
  }),
});
export type AuthClientConfig = z.infer<typeof authClientConfigSchema>['data'];
