import { z } from 'zod';
import { text } from '../text.js';
import { checkpointSchema } from './checkpoint.js';

/** `POST /api/v1/linkedin/accounts`: the password goes to the network and is never kept. */
export const connectAccountRequestSchema = z.object({
  username: text('Enter your email or phone number')
    .trim()
    .min(1, 'Enter your email or phone number')
    .max(254, 'This email or phone number is too long'),
  password: z.string('Enter your password').min(1, 'Enter your password').max(500, 'This password is too long'),
});
export type ConnectAccountRequest = z.infer<typeof connectAccountRequestSchema>;

/** `POST /api/v1/linkedin/accounts/{accountId}/challenges`: a 2FA/OTP code or a CAPTCHA token. */
export const solveChallengeRequestSchema = z.object({
  code: z.string('Enter the code').trim().min(1, 'Enter the code').max(8192, 'This code is too long'),
});
export type SolveChallengeRequest = z.infer<typeof solveChallengeRequestSchema>;

export const accountIdParamsSchema = z.object({
  accountId: z.string().uuid('This account id is not valid'),
});

export const ACCOUNT_STATUSES = ['pending', 'connected', 'disconnected'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/**
 * The signed-in user's network account as the web keeps it under `userLinkedln`. `accountID`
 * and `id` are both this product's id of the account (the network's own id never leaves the
 * server).
 */
export const linkedinAccountInfoSchema = z.object({
  accountID: z.string().uuid(),
  id: z.string().uuid(),
  status: accountStatusSchema,
  /** Which network provider holds the account: `sandbox` (simulated) or `unipile`. */
  provider: z.string(),
  connectedAt: z.string().datetime().nullable(),
  /** Why the network dropped the connection, when status is `disconnected`. */
  disconnectReason: z.string().nullable(),
  /** When the connection ends unless the user reconnects (the official network's sign-in only). */
  accessExpiresAt: z.string().datetime().nullable().optional(),
});
export type LinkedinAccountInfo = z.infer<typeof linkedinAccountInfoSchema>;

/**
 * Answer of the three sign-in calls. While `connected` is false, `checkpoint` says which step
 * comes next and `account_id` is the id to send it to; once connected, `account` is filled.
 */
export const accountStepResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    account_id: z.string().uuid(),
    connected: z.boolean(),
    checkpoint: checkpointSchema.optional(),
    account: linkedinAccountInfoSchema.optional(),
  }),
});
export type AccountStepResponse = z.infer<typeof accountStepResponseSchema>;

/**
 * Body of the `/linkedln/*` calls: `{ data }` where data is what the web holds (the stored
 * account info, possibly in an array, or `{ accountID, ... }`). Only an account id in it is read.
 */
export const linkedlnRequestSchema = z
  .object({
    data: z.unknown().optional(),
  })
  .loose();

/** `POST /linkedln/getUserInfo`. */
export const userInfoResponseSchema = z.object({
  success: z.literal(true),
  data: linkedinAccountInfoSchema,
});

/** How a deployment lets people connect: the network's own sign-in page, a password sign-in, or both. */
export const CONNECT_METHODS = ['oauth', 'credentials'] as const;
export const connectMethodSchema = z.enum(CONNECT_METHODS);
export type ConnectMethod = z.infer<typeof connectMethodSchema>;

/** `GET /api/v1/linkedin/providers`: the ways to connect offered here, the recommended one first. */
export const connectMethodsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    methods: z.array(connectMethodSchema),
    /**
     * The password sign-in is the sandbox: a simulated network whose profile, followers and posts
     * are invented and that nothing reaches LinkedIn through, so screens must not claim otherwise.
     */
    sandbox: z.boolean().optional(),
  }),
});
export type ConnectMethodsResponse = z.infer<typeof connectMethodsResponseSchema>;

/** Where the OAuth callback sends the browser back: the connect screen, with the outcome. */
export const OAUTH_RETURN_PATH = '/linkedin';
/** `?oauth=` values on the connect screen after the network's sign-in page. */
export const OAUTH_OUTCOMES = ['connected', 'cancelled', 'failed', 'expired', 'unavailable', 'taken'] as const;
export type OauthOutcome = (typeof OAUTH_OUTCOMES)[number];
