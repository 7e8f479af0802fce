import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeclaredErrorCode } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'dev') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const SERVICE_SOURCES = [
  ...readdirSync(join(ROOT, 'services')).flatMap((service) => sources(join(ROOT, 'services', service, 'src'))),
  ...sources(join(ROOT, 'packages', 'platform', 'src')),
];

/**
 * The services answer codes through constants declared in contracts; a code written as a
 * literal (`code: 'post.gone'`) or an answer built by hand without one would reach the web
 * app with no words in either language.
 */
describe('error answers of the services', () => {
  it('use only declared codes where a code is written out', () => {
    expect(SERVICE_SOURCES.length).toBeGreaterThan(50);
    const undeclared = SERVICE_SOURCES.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bcode: '([a-z_]+\.[a-z_.]+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((code) => !isDeclaredErrorCode(code))
        .map((code) => `${relative(ROOT, file)}: ${code}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('always carry a code when an answer is built by hand', () => {
    const codeless = SERVICE_SOURCES.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/success: false(?:, | as const, |,\s*)/g)]
        .filter((match) => !/^[^}]*\bcode\b/.test(text.slice(match.index, match.index + 300)))
        .map((match) => `${relative(ROOT, file)}:${text.slice(0, match.index).split('\n').length}`);
    });
    expect(codeless).toEqual([]);
  });
});
