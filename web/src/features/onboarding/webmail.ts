/** A web mail service a sign-in link can be read in. */
export interface Webmail {
  /** The service's own name, shown as is in both languages ('Gmail', 'Outlook'). */
  name: string;
  url: string;
}

const GMAIL: Webmail = { name: 'Gmail', url: 'https://mail.google.com' };
const OUTLOOK: Webmail = { name: 'Outlook', url: 'https://outlook.live.com/mail/' };
const YAHOO: Webmail = { name: 'Yahoo Mail', url: 'https://mail.yahoo.com' };
const ICLOUD: Webmail = { name: 'iCloud Mail', url: 'https://www.icloud.com/mail' };
const PROTON: Webmail = { name: 'Proton Mail', url: 'https://mail.proton.me' };
const AOL: Webmail = { name: 'AOL Mail', url: 'https://mail.aol.com' };
const ZOHO: Webmail = { name: 'Zoho Mail', url: 'https://mail.zoho.com' };

/** Common consumer domains. A company's own domain says nothing about its mail service, so it gets none. */
const BY_DOMAIN: Record<string, Webmail> = {
  'gmail.com': GMAIL,
  'googlemail.com': GMAIL,
  'outlook.com': OUTLOOK,
  'outlook.sa': OUTLOOK,
  'hotmail.com': OUTLOOK,
  'hotmail.co.uk': OUTLOOK,
  'live.com': OUTLOOK,
  'msn.com': OUTLOOK,
  'yahoo.com': YAHOO,
  'yahoo.co.uk': YAHOO,
  'ymail.com': YAHOO,
  'icloud.com': ICLOUD,
  'me.com': ICLOUD,
  'mac.com': ICLOUD,
  'proton.me': PROTON,
  'protonmail.com': PROTON,
  'pm.me': PROTON,
  'aol.com': AOL,
  'zoho.com': ZOHO,
  'zohomail.com': ZOHO,
};

/** The web mail that holds `email`'s inbox, or null when the address does not tell. */
export function webmailFor(email: string | null | undefined): Webmail | null {
  const domain = email?.trim().toLowerCase().split('@')[1];
  return (domain && BY_DOMAIN[domain]) || null;
}
