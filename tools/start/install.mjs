// Whether `npm start` must run `npm install` first. Only Node built-ins: it runs before any install.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the lock file of the last install `npm start` ran is remembered (as its hash). */
const installedMark = (root) => join(root, 'node_modules', '.nashr-installed-lock');

const lockHash = (root) =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');

/**
 * Why dependencies must be installed before building, or null when they are as the lock file
 * says. A checkout updated since its last install (a `git pull` that added a package) is caught
 * by the lock file's hash, not only a missing node_modules: otherwise the build fails on an import
 * it cannot resolve, which says nothing about the fix.
 * @param {string} root
 * @returns {'missing' | 'changed' | null}
 */
export function installNeeded(root) {
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) return 'missing';
  const mark = installedMark(root);
  if (!existsSync(mark) || readFileSync(mark, 'utf8') !== lockHash(root)) return 'changed';
  return null;
}

/** Remembers the lock file as installed (after npm install, which may have rewritten it). */
export function markInstalled(root) {
  writeFileSync(installedMark(root), lockHash(root));
}
