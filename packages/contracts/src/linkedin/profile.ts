import { z } from 'zod';

/** `POST /linkedln/getUserProfile`: the signed-in user's own network profile. */
export const ownProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** An https URL, a data URL or a site-relative path. */
  profile_picture_url: z.string().nullable(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  public_identifier: z.string().nullable(),
  provider_id: z.string().nullable(),
  email: z.string().nullable(),
  premium: z.boolean(),
  /**
   * True when the access the member granted does not reach the headline, location, about,
   * education, skills and counts (the network's own sign-in with the posting products): those are
   * unknown, not empty, and the product says so instead of showing zeros.
   */
  limited_access: z.boolean().optional(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const educationSchema = z.object({
  school: z.string(),
  degree: z.string().nullable(),
  field_of_study: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type Education = z.infer<typeof educationSchema>;

export const skillSchema = z.object({
  name: z.string(),
  endorsement_count: z.number().int().min(0).nullable(),
});
export type Skill = z.infer<typeof skillSchema>;

/** `POST /linkedln/getUserProfileData`: the profile page's data. Counts are null when unknown. */
export const fullProfileSchema = ownProfileSchema.extend({
  summary: z.string().nullable(),
  background_picture_url: z.string().nullable(),
  websites: z.array(z.string()),
  education: z.array(educationSchema),
  skills: z.array(skillSchema),
  follower_count: z.number().int().min(0).nullable(),
  connections_count: z.number().int().min(0).nullable(),
});
export type FullProfile = z.infer<typeof fullProfileSchema>;

export const userProfileResponseSchema = z.object({
  success: z.literal(true),
  data: ownProfileSchema,
});

export const userProfileDataResponseSchema = z.object({
  success: z.literal(true),
  data: fullProfileSchema,
});
