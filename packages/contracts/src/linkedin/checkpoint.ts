import { z } from 'zod';

/**
 * Extra verification steps the network may ask for while signing in. PHONE_REGISTER cannot be
 * completed in the popup; the answer's message tells the user what to do instead.
 */
export const CHECKPOINT_TYPES = ['2FA', 'OTP', 'IN_APP_VALIDATION', 'PHONE_REGISTER', 'CAPTCHA'] as const;
export const checkpointTypeSchema = z.enum(CHECKPOINT_TYPES);
export type CheckpointType = z.infer<typeof checkpointTypeSchema>;

/** The 6-digit code rule of spec section 5 (2FA numeric, OTP at most 6 characters). */
export const CHECKPOINT_CODE_LENGTH = 6;

export const checkpointSchema = z.object({
  type: checkpointTypeSchema,
  /** 2FA only: where the code was sent (`SMS` or `APP`). */
  source: z.string().optional(),
  /** CAPTCHA only: the human-verification provider's public key. */
  public_key: z.string().optional(),
  /** CAPTCHA only: the blob handed to the widget as `data.blob`. */
  data: z.string().optional(),
  /**
   * CAPTCHA only: where the browser loads the widget script from (the provider's host, or the
   * sandbox stand-in on this site). It follows the Arkose `data-callback` contract either way.
   */
  script_url: z.string().optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;
