import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { runMigrations } from '../db.js';

/** One service's migrations, as `runMigrations` takes them. */
export interface ServiceMigrations {
  migrationsFolder: string;
  serviceSchema: string;
}

const TEMPLATE_PREFIX = 'nashr_template_';

/**
 * The template's name: which schemas it holds and a digest of every migration file, so a changed
 * or added migration makes a new template and an old one is never copied.
 */
function templateName(migrations: readonly ServiceMigrations[]): { name: string; family: string } {
  const schemas = createHash('sha256');
  const files = createHash('sha256');
  for (const { migrationsFolder, serviceSchema } of migrations) {
    schemas.update(`${serviceSchema}\0`);
    for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).sort((a, b) =>
      join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)),
    )) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files.update(`${path.slice(migrationsFolder.length)}\0`).update(readFileSync(path));
    }
  }
  const family = `${TEMPLATE_PREFIX}${schemas.digest('hex').slice(0, 10)}_`;
  return { family, name: `${family}${files.digest('hex').slice(0, 16)}` };
}

/**
 * Makes sure a database with `migrations` applied exists on the server of `adminUrl`, and returns
 * its name. Applying every service's migrations to a new database takes one to three seconds on a
 * busy machine; copying a migrated one (`CREATE DATABASE … TEMPLATE`) takes a tenth of a second,
 * and most test files (every browser file) need one. The template is built once per set of
 * migrations, under a lock, by whichever file asks first; it is built under a temporary name and
 * renamed when complete, so a file never copies a half-migrated one. It stays for the next run;
 * building a newer one drops the older ones of the same schemas.
 */
export async function migratedTemplate(adminUrl: string, migrations: readonly ServiceMigrations[]): Promise<string> {
  const { name, family } = templateName(migrations);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
    if (await exists()) return name;
    await admin`select pg_advisory_lock(hashtext(${name}))`;
    try {
      if (await exists()) return name;
      const building = `${family}building_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database "${building}"`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        for (const one of migrations) await runMigrations(url.toString(), one);
        await admin.unsafe(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        await admin.unsafe(`drop database if exists "${building}" with (force)`);
        throw error;
      }
      const older = await admin<{ datname: string }[]>`
        select datname from pg_database where starts_with(datname, ${family}) and datname <> ${name}`;
      for (const { datname } of older) {
        // Another run may be copying an older one this moment: it stays until a later build.
        await admin.unsafe(`drop database if exists "${datname}"`).catch(() => {});
      }
      return name;
    } finally {
      await admin`select pg_advisory_unlock(hashtext(${name}))`;
    }
  } finally {
    await admin.end();
  }
}
