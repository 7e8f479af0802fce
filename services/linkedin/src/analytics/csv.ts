/**
 * CSV as RFC 4180 writes it: fields joined by commas, lines ended by CRLF, a field holding a
 * comma, a quote or a line break wrapped in quotes with its quotes doubled. The document starts
 * with a byte-order mark so spreadsheet programs read it as UTF-8 (Arabic text included).
 */

export type CsvValue = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
/** Text a spreadsheet would run as a formula (=, +, -, @, tab, return at the start). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Text people wrote: a leading formula character gets an apostrophe before it, so opening the
 * file in a spreadsheet shows the words instead of running them.
 */
export function csvText(value: string | null): string | null {
  return value !== null && FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The whole document, one page of rows at a time: never more than a page in memory. */
export async function* csvDocument(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvValue[])[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const rows of pages) {
    if (rows.length) yield rows.map(csvLine).join('');
  }
}
