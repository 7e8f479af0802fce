/**
 * Just enough MIME to read what nodemailer and ordinary clients send: folded headers, RFC 2047
 * encoded words, nested multiparts, base64 and quoted-printable bodies, UTF-8 and Latin-1.
 * The development mail catcher uses it; it is not meant for hostile input.
 */

export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
  date: string | null;
  text: string | null;
  html: string | null;
}

type Headers = Map<string, string>;

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Headers {
  const headers: Headers = new Map();
  // Unfold continuation lines (RFC 5322 2.2.3) before splitting.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** `text/html; charset="utf-8"` → { value: 'text/html', params: { charset: 'utf-8' } } */
function parseParams(header: string | undefined): { value: string; params: Record<string, string> } {
  const [value = '', ...rest] = (header ?? '').split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    params[part.slice(0, eq).trim().toLowerCase()] = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { value: value.trim().toLowerCase(), params };
}

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(input: string, inHeader: boolean): Uint8Array {
  const source = inHeader ? input.replace(/_/g, ' ') : input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const hex = source.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? '', 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

/** Decodes `=?UTF-8?B?...?=` words; adjacent words are joined first, as a character may span two. */
export function decodeEncodedWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 section 6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  const segments: ({ text: string } | { charset: string; bytes: number[] })[] = [];
  let last = 0;
  for (const match of joined.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
    const [whole, charset = 'utf-8', encoding = 'B', text = ''] = match;
    if (match.index > last) segments.push({ text: joined.slice(last, match.index) });
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text, true);
    const previous = segments.at(-1);
    if (previous && 'bytes' in previous && previous.charset.toLowerCase() === charset.toLowerCase()) {
      previous.bytes.push(...bytes);
    } else {
      segments.push({ charset, bytes: [...bytes] });
    }
    last = match.index + whole.length;
  }
  segments.push({ text: joined.slice(last) });
  return segments.map((s) => ('text' in s ? s.text : decodeBytes(Uint8Array.from(s.bytes), s.charset))).join('');
}

function decodeBody(body: string, headers: Headers): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const { params } = parseParams(headers.get('content-type'));
  if (encoding === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), params.charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(body, false), params.charset);
  return body;
}

function collectParts(raw: string, found: { text: string | null; html: string | null }): Headers {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const type = parseParams(headers.get('content-type') ?? 'text/plain');
  if (type.value.startsWith('multipart/') && type.params.boundary) {
    // The line break before a delimiter belongs to the delimiter, not to the part (RFC 2046 5.1.1).
    const boundary = type.params.boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const sections = `\r\n${body}`.split(new RegExp(`\\r?\\n--${boundary}`)).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^[ \t]*\r?\n/, ''), found);
    }
  } else if (type.value === 'text/html' && found.html === null) {
    found.html = decodeBody(body, headers);
  } else if (type.value === 'text/plain' && found.text === null) {
    found.text = decodeBody(body, headers);
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const found = { text: null as string | null, html: null as string | null };
  const headers = collectParts(raw, found);
  const header = (name: string) => decodeEncodedWords(headers.get(name) ?? '');
  return {
    from: header('from'),
    to: header('to'),
    subject: header('subject'),
    date: headers.get('date') ?? null,
    text: found.text,
    html: found.html,
  };
}
