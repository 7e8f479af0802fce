import { z } from 'zod';

/**
 * The hosted API's answers Engage reads, read tolerantly (unknown fields pass, missing optional
 * ones become null) so a field the provider adds or drops does not break the feed. Shapes marked
 * *Unconfirmed* follow the provider's v1 reference as far as it is known.
 */

const str = z.string().nullish();
const num = z.number().nullish();
const id = z.union([z.string(), z.number()]).nullish();

export const wireErrorSchema = z.object({ title: str, detail: str, type: str, status: num }).loose();

export const wireUserSchema = z
  .object({
    provider_id: str,
    public_identifier: str,
    first_name: str,
    last_name: str,
    name: str,
    headline: str,
    /** *Unconfirmed*: set on profiles the account cannot see. */
    is_private: z.boolean().nullish(),
  })
  .loose();
export type WireUser = z.infer<typeof wireUserSchema>;

export const wireAuthorSchema = z
  .object({ id: str, public_identifier: str, name: str, headline: str, is_company: z.boolean().nullish() })
  .loose();

export const wirePostSchema = z
  .object({
    id: id,
    social_id: str,
    share_url: str,
    text: str,
    parsed_datetime: str,
    reaction_counter: num,
    comment_counter: num,
    repost_counter: num,
    author: wireAuthorSchema.nullish(),
  })
  .loose();
export type WirePost = z.infer<typeof wirePostSchema>;

export const wireListSchema = z.object({ object: str, items: z.array(z.unknown()), cursor: str }).loose();

/** `POST /linkedin/search` people results. *Unconfirmed*: the people items' field names. */
export const wireSearchPersonSchema = z
  .object({
    type: str,
    id: str,
    public_identifier: str,
    name: str,
    first_name: str,
    last_name: str,
    headline: str,
  })
  .loose();

/** `GET /posts/{social_id}/comments`. *Unconfirmed*: where the author's member id sits. */
export const wireCommentSchema = z
  .object({
    id: id,
    text: str,
    date: str,
    author: z.union([z.string(), wireAuthorSchema]).nullish(),
    author_details: wireAuthorSchema.nullish(),
  })
  .loose();

/** `POST /posts/{social_id}/comments`. *Unconfirmed*: whether the new comment's id is given. */
export const wireCommentSentSchema = z.object({ object: str, comment_id: id, id: id }).loose();
