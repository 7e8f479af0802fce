import type { PlanInfo } from '@nashr/contracts';

/**
 * The legal pages' text, one file per page and language (terms.en.ts, terms.ar.ts, privacy.en.ts,
 * privacy.ar.ts), kept out of the shared locale files. Each page's sections are listed once here:
 * a language's text is typed by these lists, so both languages have the same sections, in the
 * same order, under the same anchors (a link to /privacy#sessions works in either language).
 */
export const TERMS_SECTIONS = [
  'account',
  'linkedin',
  'content',
  'engage',
  'api',
  'payments',
  'trial',
  'refunds',
  'fair-use',
  'availability',
  'changes',
  'contact',
] as const;
export type TermsSectionId = (typeof TERMS_SECTIONS)[number];

/** The privacy sections that describe something Nashr keeps: each says how long (`kept`). */
export const PRIVACY_DATA_SECTIONS = [
  'account',
  'sign-in',
  'sessions',
  'personalization',
  'linkedin',
  'posts',
  'uploads',
  'ai',
  'voice',
  'analytics',
  'engage',
  'payments',
  'notifications',
  'push',
  'api',
  'webhooks',
  'logs',
] as const;
export type PrivacyDataSectionId = (typeof PRIVACY_DATA_SECTIONS)[number];

export const PRIVACY_SECTIONS = [
  ...PRIVACY_DATA_SECTIONS,
  'processors',
  'export',
  'deletion',
  'rights',
  'contact',
] as const;
export type PrivacySectionId = (typeof PRIVACY_SECTIONS)[number];

export type LegalPageId = 'terms' | 'privacy';

/** A paragraph, or a bulleted list of short items. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

/** A section about kept data: `kept` says for how long, shown under its own label. */
export interface KeptDataSection extends LegalSection {
  kept: string;
}

export interface LegalDocument<Id extends string, Section extends LegalSection = LegalSection> {
  title: string;
  intro: readonly string[];
  sections: Record<Id, Section>;
}

export type TermsText = LegalDocument<TermsSectionId>;
export type PrivacyText = LegalDocument<PrivacySectionId, LegalSection | KeptDataSection> & {
  sections: Record<PrivacyDataSectionId, KeptDataSection>;
};

/** Numbers, prices and dates in the interface language and the user's digits. */
export interface LegalFormat {
  number: (value: number) => string;
  /** A number without grouping, as in a law's number and year: "2021". */
  plain: (value: number) => string;
  /** A plan's monthly price with its currency named: "24.99 US dollars". */
  price: (plan: PlanInfo) => string;
  /** The installation's contact address (the gateway's CONTACT_EMAIL): the page makes it a link. */
  contact: string;
}

/** The words around the text: the same on both pages. */
export interface LegalChrome {
  /** Holds `{date}`. */
  lastUpdated: string;
  contents: string;
  kept: string;
  backHome: string;
  /** The link at the bottom of each page to the other one. */
  otherPage: Record<LegalPageId, string>;
  /** The product's name in the browser tab's title. */
  brand: string;
}
