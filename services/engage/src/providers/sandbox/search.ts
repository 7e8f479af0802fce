/**
 * How the sandbox matches a search: letters folded so the ways people type a name meet, in both
 * scripts. Latin loses case and accents; Arabic loses its short vowels and tatweel, and its
 * letters written more than one way (أ إ آ ٱ and ا, ى and ي, ة and ه, ؤ and و, ئ and ي) become one.
 */
export function searchKey(value: string): string {
  return value
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[-_|،,.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the query is found in one of the fields. */
export function matchesAll(query: string, fields: string[]): boolean {
  const words = searchKey(query).split(' ').filter(Boolean);
  if (words.length === 0) return false;
  const haystack = fields.map(searchKey).join(' ');
  return words.every((word) => haystack.includes(word));
}
