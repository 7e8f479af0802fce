import { createHmac } from 'node:crypto';

/** Domains where dots in the local part are ignored (and the two names are one mailbox). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address as one person's: lower case, without a `+tag`, and for Gmail without dots and with
 * one domain name, so `A.b+x@GoogleMail.com` and `ab@gmail.com` are the same person.
 */
export function normalizeEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The keyed hash kept to grant the trial once per person: HMAC-SHA256 of the normalized address.
 * Keyed, so the table cannot be checked against a list of addresses without the secret.
 */
export function trialHasher(secret: string): (email: string) => string {
  return (email) => createHmac('sha256', secret).update(normalizeEmail(email)).digest('hex');
}

/** The key when none is configured: made from the installation's internal secret, as test-payments' signing key is. */
export function derivedTrialSecret(internalSecret: string): string {
  return createHmac('sha256', internalSecret).update('billing-trial-grant').digest('hex');
}
