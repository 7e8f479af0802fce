// The backup drill of docs/operations.md, with the real scripts: posts scheduled, `npm run backup`,
// `npm run restore` into a fresh database, a posts worker started on it with a fresh Redis
// prefix (as after losing the whole installation), and every post scheduled before the backup
// goes out once: the worker's reconciler re-creates the due jobs from the restored rows.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';
import { dueJobId } from './job-ids.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const canDump = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

/** Runs one of the root package's npm scripts the way `npm run <name>` does, and returns its output. */
function npmScript(name: 'backup' | 'restore', args: string[], databaseUrl: string) {
  const command = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts[name] as string;
  const [node, script] = command.split(' ');
  expect(node).toBe('node');
  const result = spawnSync(process.execPath, [join(ROOT, script as string), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!canDump)('backup and restore', () => {
  const user = testIdentity();
  const dir = mkdtempSync(join(tmpdir(), 'nashr-backup-'));
  const dump = join(dir, 'nashr.dump');
  let original: PostsHarness;
  let restored: PostsHarness | undefined;
  let target: TestDatabase;

  beforeAll(async () => {
    original = await PostsHarness.start();
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await restored?.close();
    await original?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('brings every scheduled post back: each due one goes out once, the later ones wait for their time', async () => {
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const schedule = (instant: Date, content: string) =>
      original.service.schedule(user.userId, content, { instant, timeZone: 'Asia/Riyadh' });
    // No worker runs on the original installation: nothing goes out before the backup.
    const due = await Promise.all([1, 2, 3, 4, 5].map((n) => schedule(at(n), `due soon ${n}`)));
    const later = await schedule(at(3 * 86_400), 'due in three days');

    const backup = npmScript('backup', [dump], original.testDb.url);
    expect(backup.output).toMatch(/backup: .*nashr\.dump \(\d+ bytes\)/);
    expect(backup.status).toBe(0);

    const restore = npmScript('restore', [dump], target.url);
    expect(restore.output).toContain('loaded');
    expect(restore.status).toBe(0);
    // Once restored it holds tables: a second restore is refused without --replace.
    const again = npmScript('restore', [dump], target.url);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/already holds \d+ tables: restore into an empty one, or add --replace/);

    restored = await PostsHarness.start({ database: target });
    expect(restored.prefix).not.toBe(original.prefix);
    const network: FakeLinkedin = restored.startFakeLinkedin();
    await restored.startWorker();

    for (const post of due) {
      await expect
        .poll(async () => (await restored?.store.get(post.id))?.status, { timeout: 30_000 })
        .toBe('published');
    }
    for (const post of due) expect(network.published(post.id)).toHaveLength(1);
    expect((await restored.store.get(later.id))?.status).toBe('scheduled');
    const laterJob = await restored.queues.due.getJob(dueJobId(later.id, later.version));
    expect(await laterJob?.getState()).toBe('delayed');
    // Nothing was published from the original installation.
    expect((await original.store.get(due[0]!.id))?.status).toBe('scheduled');
  }, 120_000);

  it('refuses to run without a database or a dump, and says why', () => {
    const missing = npmScript('restore', [join(dir, 'no-such.dump')], target.url);
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('does not exist');
    const noUrl = spawnSync(process.execPath, [join(ROOT, 'scripts/backup.mjs')], {
      env: { ...process.env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(noUrl.status).toBe(1);
    expect(noUrl.stderr).toContain('DATABASE_URL is required but not set');
  });
});
