// @ts-check
// `npm run restore -- file [--replace]`: loads a dump made by `npm run backup` into the database
// at DATABASE_URL, in one transaction (all or nothing). It refuses a database that already holds
// tables unless --replace is given, which drops the dump's objects first. Start the services
// afterwards: each applies any newer migrations at start, and the posts worker re-creates the
// jobs of every scheduled post from the restored rows (Redis may be empty or fresh).
// Needs pg_restore and psql on the PATH (Debian: postgresql-client).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const databaseUrl = process.env.DATABASE_URL;
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const file = args.find((arg) => !arg.startsWith('--'));

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`restore: ${message}\n`);
  process.exit(1);
}
if (!databaseUrl) fail('DATABASE_URL is required but not set');
if (!file) fail('which dump? npm run restore -- nashr-<time>.dump');
if (!existsSync(file)) fail(`${file} does not exist`);

const count = spawnSync(
  'psql',
  [
    '--no-psqlrc',
    '--tuples-only',
    '--no-align',
    '--command',
    "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    databaseUrl,
  ],
  { encoding: 'utf8' },
);
if (count.error) fail(`cannot run psql (${count.error.message}): install the PostgreSQL client`);
if (count.status !== 0) fail(`cannot read the target database: ${count.stderr.trim()}`);
const tables = Number(count.stdout.trim());
if (tables > 0 && !replace) {
  fail(`the target database already holds ${tables} tables: restore into an empty one, or add --replace`);
}

const restore = spawnSync(
  'pg_restore',
  [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    ...(replace ? ['--clean', '--if-exists'] : []),
    '--dbname',
    databaseUrl,
    file,
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
if (restore.error) fail(`cannot run pg_restore (${restore.error.message}): install the PostgreSQL client`);
if (restore.status !== 0) fail(`pg_restore failed (exit ${restore.status}); the target database is unchanged`);
process.stdout.write(`restore: ${file} loaded; start the services (they migrate and re-create due jobs)\n`);
