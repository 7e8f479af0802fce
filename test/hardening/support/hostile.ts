/**
 * fast-check arbitraries for hostile HTTP input: huge strings, deep nesting, wrong types,
 * unicode (RTL marks, NUL, lone surrogates), prototype-pollution keys, numbers as strings,
 * arrays where objects are expected, and values that look valid but are not (Feb 30, 13:75 PM).
 */
import fc from 'fast-check';

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const TRICKY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202E\u0645\u0631\u062D\u0628\u0627',
  '\u200F\u200E\u061C',
  'نشر \u200F منشور \u202B مهم \u202C',
  '\uD800',
  'a\uDFFFb',
  '\uFEFF',
  '\u0085\u2028\u2029',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table posts; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probe, sent as plain text
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '275760-09-14',
  '+275760-09-13T00:00:00Z',
  '2026-05-01T25:61:00Z',
  '13:75 PM',
  '00:00 AM',
  '12:00',
  '99:99',
  'Atlantis/Capital',
  'Etc/GMT+99',
  'UTC',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a@b.c',
  'admin@hardening.test',
  'admin',
  'user,admin',
  'hero',
  'ar',
  'en',
  'scheduled',
  'shorter',
  'premium',
  '1',
  'wrong-password',
  '123456',
];

/** Strings a careless handler trips over. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer().map(String) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'نشر', '\u0000', '\u202E', '💥'), fc.integer({ min: 1_000, max: 300_000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.EPSILON),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An object whose own keys include `__proto__` & co., as `JSON.parse` of a hostile body makes them. */
export function polluted(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const pollutionPayload = fc.constantFrom<unknown>(
  { admin: true, isAdmin: true, roles: ['admin'], polluted: 'yes' },
  { prototype: { admin: true } },
  'admin',
  null,
);

/** Nesting deeper than anything legitimate, as arrays or objects. */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { data: value };
    return value;
  });

const { value: hostileValueArb } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 2, arbitrary: edgeNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...POLLUTION_KEYS), pollutionPayload)
        .map(([key, payload]) => polluted({}, key, payload)),
    },
    { weight: 1, arbitrary: deepValue },
  ),
}));

/** Any JSON value a hostile client could send. */
export const hostileValue: fc.Arbitrary<unknown> = hostileValueArb;

export interface Payload {
  /** The raw body; undefined sends none. */
  body?: string;
  contentType?: string;
}

/** Bodies that are not JSON at all, or JSON a parser may choke on. */
const rawBodies: fc.Arbitrary<Payload> = fc.oneof(
  fc.constantFrom<Payload>(
    { body: '', contentType: 'application/json' },
    { body: '{', contentType: 'application/json' },
    { body: '{"a":1,}', contentType: 'application/json' },
    { body: "{'single':'quotes'}", contentType: 'application/json' },
    { body: 'null', contentType: 'application/json' },
    { body: '"just a string"', contentType: 'application/json' },
    { body: '12345678901234567890123456789', contentType: 'application/json' },
    { body: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
    { body: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
    { body: '{"a":"\\ud800"}', contentType: 'application/json' },
    { body: '{"a":"\\u0000"}', contentType: 'application/json' },
    { body: '\uFEFF{"a":1}', contentType: 'application/json' },
    { body: '{"a":1}', contentType: 'text/plain' },
    { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { body: '<xml/>', contentType: 'application/xml' },
    { body: '{"a":1}', contentType: 'application/json; charset=latin1' },
    { body: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
    { body: '{"a":1}' },
  ),
  fc.tuple(fc.integer({ min: 10_000, max: 400_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) => ({
    body: open.repeat(depth) + (open === '[' ? '' : '1') + (open === '[' ? ']' : '}').repeat(depth),
    contentType: 'application/json',
  })),
  fc.integer({ min: 1_100_000, max: 1_300_000 }).map((n) => ({
    body: JSON.stringify({ text: 'x'.repeat(n) }),
    contentType: 'application/json',
  })),
);

/** Characters a store or a parser may refuse inside otherwise valid text. */
export const TAINTS = ['\u0000', '\uD800', '\u202E', '\uFEFF', '\u0085'] as const;

/** Every string in `value` (nested too), with `taint` appended to one at a time. */
export function taintedVariants(value: unknown, taint: string): unknown[] {
  if (typeof value === 'string') return [`${value}${taint}`, `${taint}${value}`];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      taintedVariants(item, taint).map((variant) => value.map((v, j) => (i === j ? variant : v))),
    );
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      taintedVariants(item, taint).map((variant) => ({ ...(value as object), [key]: variant })),
    );
  }
  return [];
}

/** Raw JSON nested `depth` levels deep, built as text (JSON.stringify itself overflows on it). */
export function deepJson(depth: number, kind: 'array' | 'object', key = 'data'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A valid body with one part made hostile: gets past the first checks and into the handler. */
function mutate(seed: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(seed);
  return fc
    .tuple(
      fc.constantFrom('replace', 'taint', 'taint', 'delete', 'pollute', 'pollute-nested', 'wrap', 'stringify', 'extra'),
      fc.nat(),
      hostileValue,
      fc.constantFrom(...POLLUTION_KEYS),
      pollutionPayload,
    )
    .map(([how, index, value, pollutionKey, payload]) => {
      const key = keys[index % Math.max(1, keys.length)] ?? 'data';
      switch (how) {
        case 'replace':
          return { ...seed, [key]: value };
        case 'taint': {
          const variants = taintedVariants(seed, TAINTS[index % TAINTS.length] ?? '\u0000');
          return variants[index % Math.max(1, variants.length)] ?? seed;
        }
        case 'delete': {
          const { [key]: _gone, ...rest } = seed;
          return rest;
        }
        case 'pollute':
          return polluted(seed, pollutionKey, payload);
        case 'pollute-nested': {
          const inner = seed[key];
          const base = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : {};
          return { ...seed, [key]: polluted(base as Record<string, unknown>, pollutionKey, payload) };
        }
        case 'wrap':
          return [seed];
        case 'stringify':
          return Object.fromEntries(Object.entries(seed).map(([k, v]) => [k, JSON.stringify(v)]));
        default:
          return { ...seed, [typeof value === 'string' ? value.slice(0, 50) : 'extra']: value };
      }
    });
}

/** Bodies for a route: mutations of a valid one when known, any hostile JSON, and raw junk. */
export function hostileBody(seed?: Record<string, unknown>): fc.Arbitrary<Payload> {
  const json = (value: unknown): Payload => ({ body: JSON.stringify(value), contentType: 'application/json' });
  return fc.oneof(
    ...(seed ? [{ weight: 4, arbitrary: mutate(seed).map(json) }] : []),
    { weight: 3, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: rawBodies },
    { weight: 1, arbitrary: fc.constant<Payload>({}) },
  );
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** A path segment: hostile text (encoded, or raw junk that is not valid percent-encoding). */
export function hostileSegment(known: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString.map((s) => encode(s.slice(0, 2_000)) || '%20') },
    { weight: 1, arbitrary: fc.uuid() },
    ...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2e%2e%2f', 'a%2Fb', '%C0%AF') },
  );
}

/** A query string (with its `?`), from known parameter names and hostile ones. */
export function hostileQuery(names: readonly string[]): fc.Arbitrary<string> {
  const pair = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...names, ...POLLUTION_KEYS) },
        { weight: 1, arbitrary: hostileString.map((s) => s.slice(0, 100)) },
        { weight: 1, arbitrary: fc.constantFrom('__proto__[admin]', 'constructor[prototype][x]', 'lang[]', 'a[b][c]') },
      ),
      hostileString.map((s) => s.slice(0, 5_000)),
      fc.boolean(),
    )
    .map(([key, value, raw]) =>
      raw && /^[\w[\]]+$/.test(key) ? `${key}=${encode(value)}` : `${encode(key)}=${encode(value)}`,
    );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', '?%', '?a=%zz', '?lang=ar&lang=en', '?x=%00') },
  );
}

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 200,
});

/** Extra request headers: wrong content types, hostile request ids, cookies and forwarded-for chains. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      accept: fc.constantFrom('text/event-stream', 'application/json', '*/*', 'text/html', 'x/y;;;'),
      'x-request-id': fc.oneof(headerText, fc.constantFrom('../../x', 'a'.repeat(64), 'a'.repeat(65), 'req id')),
      cookie: fc.oneof(headerText, fc.constantFrom('sid=', 'sid=x.y', 'sid=s%3Aabc.def', 'sid=1; sid=2', '=;=;')),
      'x-forwarded-for': fc.oneof(
        headerText,
        fc.constantFrom('1.2.3.4, 5.6.7.8', 'not-an-ip', '::ffff:1.2.3.4', '999.999.999.999', ''),
      ),
      'accept-language': headerText,
      'x-session-id': headerText,
    },
    { requiredKeys: [] },
  )
  .map(
    (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
  );
