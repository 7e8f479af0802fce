import type { ContentBlocks, Locale } from '@nashr/contracts';
import { arabicSeed } from './ar.js';
import { englishSeed } from './en.js';

/** The landing page's own copy, served for any block an admin has never saved. */
export const seedContent: Record<Locale, ContentBlocks> = { ar: arabicSeed, en: englishSeed };
