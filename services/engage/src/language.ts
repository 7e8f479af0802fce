import type { EngageLanguage } from '@nashr/contracts';

/** The language a text is written in, as far as Engage cares: Arabic when at least a third of its letters are. */
export function languageOf(text: string): EngageLanguage {
  const arabic = text.match(/[\u0600-\u06ff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return arabic > 0 && arabic * 2 >= latin ? 'ar' : 'en';
}
