// What a sign-in link's verification answers, apart from the session's schemas (session.ts): the
// /verify route names them as the app starts.

/** What the `/verify` page shows after a sign-in link was spent or refused: `/verify?status=...`. */
export const VERIFY_STATUSES = ['verified', 'expired', 'used', 'invalid'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

/** The answer codes of a refused link, one for each status the `/verify` page explains. */
export const MAGIC_LINK_ERROR_CODES = {
  expired: 'magic_link.expired',
  used: 'magic_link.used',
  invalid: 'magic_link.invalid',
} as const satisfies Record<Exclude<VerifyStatus, 'verified'>, string>;
