// The services' database use through PgBouncer in transaction pooling mode (Debian's 1.18: no
// prepared statements across server connections), set up as docs/operations.md says.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db.js';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** PgBouncer will not run as root: as root it is started as the `postgres` user, which must exist. */
const runsAsRoot = process.getuid?.() === 0;
const hasPgBouncer =
  spawnSync(PGBOUNCER, ['--version']).status === 0 && (!runsAsRoot || spawnSync('id', ['postgres']).status === 0);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe.skipIf(!hasPgBouncer)('behind PgBouncer in transaction pooling mode', () => {
  let database: TestDatabase;
  let bouncer: ChildProcess;
  let pooledUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'nashr-pgbouncer-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    const dbName = direct.pathname.slice(1);
    // PgBouncer refuses these startup parameters; docs/operations.md sets them on the role (here on this database only).
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`alter database "${dbName}" set statement_timeout = '15s'`);
    await admin.unsafe(`alter database "${dbName}" set idle_in_transaction_session_timeout = '60s'`);
    await admin.end();

    const port = await freePort();
    const user = decodeURIComponent(direct.username || 'postgres');
    const server = `host=${direct.hostname} port=${direct.port || 5432} dbname=${dbName} user=${user}${direct.password ? ` password=${decodeURIComponent(direct.password)}` : ''}`;
    writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `nashr = ${server}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        'default_pool_size = 3',
        'max_client_conn = 100',
        'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout',
      ].join('\n'),
    );
    const asUser = runsAsRoot ? ['-u', 'postgres'] : [];
    spawnSync('chmod', ['-R', 'a+rX', dir]);
    bouncer = spawn(PGBOUNCER, [...asUser, join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await portAnswers(port))) {
      if (Date.now() > deadline) throw new Error('PgBouncer did not listen within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    pooledUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/nashr`;
  });
  afterAll(async () => {
    bouncer?.kill('SIGTERM');
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers many concurrent queries and transactions from several pools, with the timeouts in force', async () => {
    // Three processes' pools sharing PgBouncer's three server connections.
    const pools = [0, 1, 2].map(() => createDatabase({ url: pooledUrl, schema: {}, prepare: false, max: 5 }));
    try {
      const queries = Array.from({ length: 300 }, (_, i) => {
        const { sql } = pools[i % 3]!;
        return i % 10 === 0
          ? sql.begin(async (tx) => {
              await tx`select pg_advisory_xact_lock(${i})`;
              const [row] = await tx`select ${i}::int as n`;
              return row?.n;
            })
          : sql`select ${i}::int + ${i % 7}::int as n`.then(([row]) => row?.n - (i % 7));
      });
      expect(await Promise.all(queries)).toEqual(Array.from({ length: 300 }, (_, i) => i));
      const [timeouts] = await pools[0]!.sql`select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle`;
      expect(timeouts).toEqual({ statement: '15s', idle: '1min' });
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
