// Secrets: made once, kept in .data/secrets.json (mode 0600) so sessions survive restarts.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fail } from './output.mjs';

/**
 * The services' secrets (`makers`, tools/stack/processes.mjs SECRETS), each taken from the
 * environment when set there, else from `file`, else made now and saved; and the password of
 * the embedded PostgreSQL, which only the file holds.
 * @param {{ file: string, shownAs: string, makers: Record<string, () => string>, env: Record<string, string | undefined> }} options
 * @returns {{ secrets: Record<string, string>, postgresPassword: string }}
 */
export function loadSecrets({ file, shownAs, makers, env }) {
  /** @type {Record<string, string>} */
  let saved = {};
  if (existsSync(file)) {
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      fail(`${shownAs} is not valid JSON: repair or delete it (deleting it signs everyone out)`);
    }
  }
  const all = { ...makers, POSTGRES_PASSWORD: () => randomBytes(24).toString('base64url') };
  let changed = false;
  for (const [key, make] of Object.entries(all)) {
    if (typeof saved[key] !== 'string' || saved[key] === '') {
      saved[key] = make();
      changed = true;
    }
  }
  if (changed) writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const key of Object.keys(makers)) secrets[key] = env[key] || saved[key] || '';
  return { secrets, postgresPassword: saved.POSTGRES_PASSWORD ?? '' };
}
