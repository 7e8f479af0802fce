import type { MagicLinks } from '../magic-links.js';
import { type MailJobDeps, notificationMailHandlers } from '../notifications/mail-jobs.js';
import type { Mailer } from '../providers/mailer.js';
import { sendMagicLinkHandler } from './send-magic-link.js';

export interface AuthMailDeps extends MailJobDeps {
  links: MagicLinks;
  mailer: Mailer;
  ttlSeconds: number;
}

/** The auth-mail queue: sign-in links, notification mails and the digest. */
export function authMail(deps: AuthMailDeps) {
  const { links, mailer, publicUrl, ttlSeconds } = deps;
  return [sendMagicLinkHandler({ links, mailer, publicUrl, ttlSeconds }), ...notificationMailHandlers(deps)];
}
