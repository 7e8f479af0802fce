import { randomUUID } from 'node:crypto';
import { createDatabase, runMigrations } from '@nashr/platform';
import { createTestDatabase, migrateBefore } from '@nashr/platform/testing';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../app.js';
import { schema } from '../db/schema.js';

describe('the migration that puts posts and drafts in workspaces', () => {
  it("keeps every post and draft written before it in its author's personal workspace", async () => {
    // The migrations up to the one before workspaces, then rows as they were, then the rest.
    const db = await createTestDatabase();
    const database = createDatabase({ url: db.url, schema });
    const [alice, bob] = [randomUUID(), randomUUID()];
    try {
      await migrateBefore(
        db.url,
        { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' },
        '0013_posts-in-workspaces',
      );
      await database.sql`
        insert into posts.posts (user_id, content, status, scheduled_at, time_zone)
        values (${alice}, 'Alice scheduled', 'scheduled', now() + interval '1 day', 'UTC'),
               (${bob}, 'Bob published', 'published', now() - interval '1 day', 'UTC')`;
      await database.sql`insert into posts.drafts (user_id, content) values (${alice}, 'Alice half-wrote')`;
      await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' });
      const rows = await database.sql<{ content: string; inOwn: boolean }[]>`
        select content, workspace_id = user_id as "inOwn" from posts.posts
        union all
        select content, workspace_id = user_id from posts.drafts
        order by content`;
      expect(rows).toEqual([
        { content: 'Alice half-wrote', inOwn: true },
        { content: 'Alice scheduled', inOwn: true },
        { content: 'Bob published', inOwn: true },
      ]);
      // From now on a row names its workspace: the database refuses one that does not.
      await expect(
        database.sql`insert into posts.drafts (user_id, content) values (${alice}, 'nowhere')`,
      ).rejects.toThrow(/workspace_id/);
    } finally {
      await database.close();
      await db.drop();
    }
  });
});
