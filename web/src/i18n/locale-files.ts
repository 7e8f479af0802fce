import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the translation files live, for tests that read them all: the shared namespaces in
 * `i18n/locales/<language>/`, each feature's own in `features/<feature>/locales/<language>/`.
 */
const SRC = join(import.meta.dirname, '..');
const FEATURES = join(SRC, 'features');

function localeFolders(lang: string): string[] {
  const features = readdirSync(FEATURES)
    .map((feature) => join(FEATURES, feature, 'locales', lang))
    .filter((folder) => existsSync(folder));
  return [join(SRC, 'i18n', 'locales', lang), ...features];
}

/** The namespace files of one language (`posts.json`, ...), sorted. */
export function localeFiles(lang: string): string[] {
  return localeFolders(lang)
    .flatMap((folder) => readdirSync(folder))
    .sort();
}

/** The path of one namespace file of one language. */
export function localeFile(lang: string, file: string): string {
  const found = localeFolders(lang)
    .map((folder) => join(folder, file))
    .find((path) => existsSync(path));
  if (!found) throw new Error(`no locale file ${lang}/${file}`);
  return found;
}
