/**
 * Text folded for a forgiving search: case, Arabic short vowels and tatweel, and the letters
 * people type interchangeably (alef forms, alef maqsura and yaa, taa marbuta and haa).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of the query appears in the text (both folded). */
export function matchesQuery(text: string, query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const folded = foldForSearch(text);
  return words.every((word) => folded.includes(word));
}
