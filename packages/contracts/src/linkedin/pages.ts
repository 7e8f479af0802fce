import { z } from 'zod';

/**
 * The page roles that may publish as a company page ("Organization Access Control by Role"):
 * a page's administrators and its content administrators.
 */
export const PAGE_ROLES = ['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR'] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

/** A company page's URN as the network writes it. */
export const organizationUrnSchema = z
  .string('Choose a page')
  .regex(/^urn:li:organization:\d{1,20}$/, 'This page is not one the network knows');

/** A company page the connected member administers, and whether it is added here. */
export const linkedinPageSchema = z.object({
  organization: organizationUrnSchema,
  name: z.string(),
  role: z.enum(PAGE_ROLES),
  /** Added to this Nashr account: posts may be written as the page. */
  added: z.boolean(),
  /** The key posts written as the page carry (`identity` of a post); null until added. */
  identity: z.string().nullable(),
});
export type LinkedinPage = z.infer<typeof linkedinPageSchema>;

/** `GET /api/v1/linkedin/pages`. */
export const linkedinPagesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /**
     * Whether the member let Nashr see and post to their pages (the page scopes at consent):
     * false lists no page, and connecting again asks for them.
     */
    granted: z.boolean(),
    pages: z.array(linkedinPageSchema),
  }),
});
export type LinkedinPagesResponse = z.infer<typeof linkedinPagesResponseSchema>;

/** `POST /api/v1/linkedin/pages`: add one of the listed pages. */
export const addPageRequestSchema = z.object({ organization: organizationUrnSchema });
export type AddPageRequest = z.infer<typeof addPageRequestSchema>;

/** `DELETE /api/v1/linkedin/pages/{organizationId}`: the page's number, the URN's last part. */
export const pageParamsSchema = z.object({
  organizationId: z.string().regex(/^\d{1,20}$/, 'This page is not one the network knows'),
});
