import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from '../db.js';

/**
 * Migrates the database at `url` as it was before the migration tagged `tag` (its journal cut
 * there, in a copy of the folder), for a test that writes rows as they were and then runs the
 * rest to see what the migration does with them. Throws when the journal has no such migration.
 */
export async function migrateBefore(
  url: string,
  options: { migrationsFolder: string; serviceSchema: string },
  tag: string,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), `${options.serviceSchema}-migrations-`));
  try {
    cpSync(options.migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
    if (at < 1) throw new Error(`no migration tagged ${tag} after the first in ${options.migrationsFolder}`);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    await runMigrations(url, { migrationsFolder: folder, serviceSchema: options.serviceSchema });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
