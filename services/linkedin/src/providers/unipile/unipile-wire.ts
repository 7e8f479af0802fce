import { z } from 'zod';

/**
 * The hosted API's answers, read tolerantly: unknown fields pass, missing optional fields become
 * null, so a field the provider adds or drops does not break the product.
 */

const str = z.string().nullish();
const num = z.number().nullish();

export const wireErrorSchema = z.object({ title: str, detail: str, type: str, status: num }).loose();
export type WireError = z.infer<typeof wireErrorSchema>;

export const wireCheckpointSchema = z
  .object({
    type: z.string(),
    source: str,
    public_key: str,
    data: z.unknown().optional(),
  })
  .loose();

export const wireAccountStepSchema = z
  .object({
    object: str,
    account_id: z.string().min(1),
    checkpoint: wireCheckpointSchema.nullish(),
  })
  .loose();

/**
 * `GET /accounts/{id}`. *Unconfirmed*: where the connection status sits; both a top-level
 * `status` and per-source `sources[].status` are read.
 */
export const wireAccountSchema = z
  .object({
    id: str,
    status: str,
    sources: z.array(z.object({ status: str }).loose()).nullish(),
  })
  .loose();

export const wireProfileSchema = z
  .object({
    first_name: str,
    last_name: str,
    profile_picture_url: str,
    public_identifier: str,
    provider_id: str,
    headline: str,
    location: str,
    email: str,
    premium: z.boolean().nullish(),
    summary: str,
    background_picture_url: str,
    websites: z.array(z.union([z.string(), z.object({ url: str }).loose()])).nullish(),
    education: z
      .array(z.object({ school: str, degree: str, field_of_study: str, start: z.unknown(), end: z.unknown() }).loose())
      .nullish(),
    skills: z.array(z.object({ name: str, endorsement_count: num }).loose()).nullish(),
    follower_count: num,
    connections_count: num,
  })
  .loose();
export type WireProfile = z.infer<typeof wireProfileSchema>;

export const wirePostSchema = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    social_id: str,
    share_url: str,
    text: str,
    date: str,
    parsed_datetime: str,
    reaction_counter: num,
    comment_counter: num,
    repost_counter: num,
    impressions_counter: num,
    author: z.object({ public_identifier: str, name: str, is_company: z.boolean().nullish() }).loose().nullish(),
  })
  .loose();

export const wirePostListSchema = z
  .object({
    object: str,
    items: z.array(z.unknown()),
    cursor: str,
  })
  .loose();

/** `POST /posts`. *Unconfirmed*: whether and where the new post's id is given. */
export const wirePostCreatedSchema = z
  .object({
    object: str,
    post_id: z.union([z.string(), z.number()]).nullish(),
    id: z.union([z.string(), z.number()]).nullish(),
    social_id: str,
    share_url: str,
  })
  .loose();

/** `POST /posts/{social_id}/comments`. *Unconfirmed*: whether and where the new comment's id is given. */
export const wireCommentSentSchema = z
  .object({
    object: str,
    comment_id: z.union([z.string(), z.number()]).nullish(),
    id: z.union([z.string(), z.number()]).nullish(),
  })
  .loose();
