import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AI_NOUNS, ERROR_CODES, WORKSPACE_ERROR_CODES, WORKSPACE_ROLES } from '@nashr/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { localeFile, localeFiles } from './locale-files';

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, inner]) => Object.assign(all, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

/** i18next's plural suffixes: a key counted in one language has one form per plural category of it. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, '')))].sort();

const read = (lang: string, file: string) => flatten(JSON.parse(readFileSync(localeFile(lang, file), 'utf8')));

describe('translations', () => {
  const files = localeFiles('en');

  it('exist for the same namespaces in both languages', () => {
    expect(localeFiles('ar')).toEqual([...files].sort());
  });

  it.each(files)('%s has the same non-empty keys in Arabic and English', (file) => {
    const en = read('en', file);
    const ar = read('ar', file);
    expect(baseKeys(Object.keys(ar))).toEqual(baseKeys(Object.keys(en)));
    // Every plural category of the language has its form (Arabic has six, English two).
    for (const [lang, keys] of [
      ['ar', Object.keys(ar)],
      ['en', Object.keys(en)],
    ] as const) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of baseKeys(keys.filter((k) => PLURAL.test(k)))) {
        for (const category of categories) {
          expect(keys, `${file}: ${lang} lacks ${base}_${category}`).toContain(`${base}_${category}`);
        }
      }
    }
    for (const [key, value] of Object.entries({ ...en, ...ar })) {
      expect(typeof value === 'string' && value.trim().length > 0, `${file}: ${key} is empty`).toBe(true);
    }
  });

  it('writes the Arabic files in Arabic', () => {
    for (const file of files) {
      const values = Object.values(read('ar', file)).filter((v): v is string => typeof v === 'string');
      const arabic = values.filter((v) => /[\u0600-\u06FF]/.test(v));
      // Brand names and numbers may stay Latin, but most text must be Arabic.
      expect(arabic.length / values.length, file).toBeGreaterThan(0.6);
    }
  });
});

/** The app's own code (not its tests): where a key counts as used. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Keys the code builds from values it gets at run time, with no literal or template naming the
 * rest of the key, and which keys those values can be. Every other key must be written in the
 * code, whole (`t('status.failed')`, `i18nKey="webhooks.log.createdAt"`) or as a template around
 * a value (`t(\`status.${status}\`)`, `\`${prefix}.engage\``).
 */
const BUILT_KEYS: { builtBy: RegExp; keys: string[] }[] = [
  {
    // An API refusal is shown by its stable code (lib/error-text.ts: `errors:${error.code}`); an
    // AI failure also by what was being written, and a workspace role too low by the caller's
    // role, as i18next's context (`ai.failed_draft`, `workspace.role_too_low_viewer`).
    builtBy: /`errors:\$\{[^}]+\}`/,
    keys: [
      ...ERROR_CODES.flatMap((code) => [code, ...AI_NOUNS.map((noun) => `${code}_${noun}`)]),
      ...WORKSPACE_ROLES.map((role) => `${WORKSPACE_ERROR_CODES.roleTooLow}_${role}`),
    ].map((code) => `errors:${code}`),
  },
];

/** The strings a file writes: its literals whole, its templates as their fixed parts around each `${…}`. */
function stringsOf(file: string): { literals: string[]; templates: string[][] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const literals: string[] = [];
  const templates: string[][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node))
      templates.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, templates };
}

/**
 * What the code says of keys, each as `namespace:key`: the string literals and templates of every
 * file. A literal without a namespace counts for the namespaces its file names (as
 * `useTranslation('posts')`, `ns="profile"`, `getFixedT(lang, 'admin')`), or for every namespace
 * when the file names none (a helper given a `t`).
 */
function keysInCode(namespaces: string[]) {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  const namespaceOf = (text: string) => namespaces.find((namespace) => text.startsWith(`${namespace}:`));
  for (const file of codeFiles(join(import.meta.dirname, '..'))) {
    const { literals, templates } = stringsOf(file);
    const named = namespaces.filter((namespace) => literals.includes(namespace));
    const scope = named.length > 0 ? named : namespaces;
    for (const literal of literals) {
      if (namespaceOf(literal)) exact.add(literal);
      else for (const namespace of scope) exact.add(`${namespace}:${literal}`);
    }
    for (const parts of templates) {
      const fixed = parts.join('');
      // `${a} ${b}`, `errors:${code}`: nothing of a key is fixed (BUILT_KEYS says which those are).
      if (!/[A-Za-z]/.test(fixed.slice(namespaceOf(fixed) ? fixed.indexOf(':') + 1 : 0))) continue;
      const prefix = namespaceOf(parts[0] ?? '') ? '' : `(?:${scope.map(escapeRegExp).join('|')}):`;
      patterns.push(new RegExp(`^${prefix}${parts.map(escapeRegExp).join('.+')}$`));
    }
  }
  return { exact, patterns };
}

describe('every translation key', () => {
  const namespaces = localeFiles('en').map((file) => file.replace(/\.json$/, ''));
  const code = keysInCode(namespaces);
  const sources = codeFiles(join(import.meta.dirname, '..')).map((file) => readFileSync(file, 'utf8'));

  it('finds the keys the code writes, whole or around a value', () => {
    // A pattern that stopped matching would call every key unused, or every key used.
    expect(code.exact).toContain('billing:limits.weeklyPosts');
    expect(code.patterns.some((p) => p.test('posts:status.failed'))).toBe(true);
    expect(code.patterns.some((p) => p.test('billing:feature.engage'))).toBe(true);
    expect(code.patterns.some((p) => p.test('errors:post.too_long'))).toBe(false);
  });

  it('is built by the code as BUILT_KEYS says', () => {
    for (const { builtBy } of BUILT_KEYS)
      expect(
        sources.some((text) => builtBy.test(text)),
        String(builtBy),
      ).toBe(true);
  });

  it.each(namespaces)('of %s is used by the code', (namespace) => {
    const built = new Set(BUILT_KEYS.flatMap(({ keys }) => keys));
    const keys = baseKeys([
      ...Object.keys(read('en', `${namespace}.json`)),
      ...Object.keys(read('ar', `${namespace}.json`)),
    ]).map((key) => `${namespace}:${key}`);
    const unused = keys.filter(
      (key) => !code.exact.has(key) && !built.has(key) && !code.patterns.some((pattern) => pattern.test(key)),
    );
    expect(unused, `${namespace}.json: keys no code uses`).toEqual([]);
  });
});
