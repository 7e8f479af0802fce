import { sendMagicLinkJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { MagicLinks } from '../magic-links.js';
import { magicLinkMail } from '../mail/magic-link-mail.js';
import type { Mailer } from '../providers/mailer.js';

export const VERIFY_PATH = '/api/v1/auth/magic-login/verify';

/** `salma@example.com` → `s***@example.com`: enough to follow a delivery in the logs. */
export const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

/**
 * Mints the token here rather than in the API, so no usable secret ever waits in Redis. A retry
 * after an SMTP failure mints a fresh token; the unsent one simply expires.
 */
export function sendMagicLinkHandler(deps: {
  links: MagicLinks;
  mailer: Mailer;
  publicUrl: string;
  ttlSeconds: number;
}) {
  return handleJob(sendMagicLinkJob, async ({ email, lang }, _job, log) => {
    const token = await deps.links.mint(email, deps.ttlSeconds);
    const link = `${deps.publicUrl}${VERIFY_PATH}?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: email, lang, ...magicLinkMail(lang, link, deps.ttlSeconds) });
    log.info({ to: maskEmail(email), lang }, 'sign-in link sent');
  });
}
