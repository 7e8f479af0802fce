// @ts-check
// `npm run backup [-- file]`: a pg_dump of the database at DATABASE_URL, in PostgreSQL's custom
// format (compressed; `npm run restore` reads it), to `file` or nashr-<UTC time>.dump.
// Needs pg_dump on the PATH, of the server's major version or newer (Debian: postgresql-client).
// PostgreSQL is the system of record; keep ENCRYPTION_KEY with the dump (docs/operations.md: What to back up).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('backup: DATABASE_URL is required but not set\n');
  process.exit(1);
}
const file = process.argv[2] ?? `nashr-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`;

// A consistent snapshot even while the product runs; owners and grants are the target's business.
const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, databaseUrl], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (result.error) {
  process.stderr.write(`backup: cannot run pg_dump (${result.error.message}): install the PostgreSQL client\n`);
  process.exit(1);
}
if (result.status !== 0) {
  process.stderr.write(`backup: pg_dump failed (exit ${result.status}); nothing was written to ${file}\n`);
  process.exit(1);
}
process.stdout.write(`backup: ${file} (${statSync(file).size} bytes)\n`);
