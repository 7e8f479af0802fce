import { randomUUID } from 'node:crypto';
import { createDatabase, runMigrations } from '@nashr/platform';
import { createTestDatabase, migrateBefore } from '@nashr/platform/testing';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './app.js';
import { schema } from './db/schema.js';

describe('the migration that puts library favourites in workspaces', () => {
  it("keeps every favourite saved before it in its user's personal workspace, saved by that user", async () => {
    // The migrations up to the one before workspaces, then rows as they were, then the rest.
    const db = await createTestDatabase();
    const database = createDatabase({ url: db.url, schema });
    const [alice, bob] = [randomUUID(), randomUUID()];
    try {
      await migrateBefore(
        db.url,
        { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' },
        '0004_workspace_favourites',
      );
      const [first, second] = await database.sql<{ id: string }[]>`
        insert into content.library_posts (lang, author, body, topic, format)
        values ('en', 'A', 'First', 'career', 'story'), ('ar', 'ب', 'الثاني', 'sales', 'list')
        returning id`;
      await database.sql`
        insert into content.library_favourites (user_id, post_id, created_at)
        values (${alice}, ${first!.id}, '2026-01-02T00:00:00Z'), (${alice}, ${second!.id}, '2026-01-03T00:00:00Z'),
               (${bob}, ${first!.id}, '2026-01-04T00:00:00Z')`;
      await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' });
      const rows = await database.sql<{ workspaceId: string; addedBy: string; postId: string; savedOn: string }[]>`
        select workspace_id as "workspaceId", added_by as "addedBy", post_id as "postId", created_at::date::text as "savedOn"
        from content.library_favourites order by created_at`;
      expect(rows).toEqual([
        { workspaceId: alice, addedBy: alice, postId: first!.id, savedOn: '2026-01-02' },
        { workspaceId: alice, addedBy: alice, postId: second!.id, savedOn: '2026-01-03' },
        { workspaceId: bob, addedBy: bob, postId: first!.id, savedOn: '2026-01-04' },
      ]);
      // A workspace keeps a post once, whoever saves it again.
      await expect(
        database.sql`insert into content.library_favourites (workspace_id, post_id, added_by)
          values (${alice}, ${first!.id}, ${bob})`,
      ).rejects.toThrow(/library_favourites_workspace_id_post_id_pk/);
    } finally {
      await database.close();
      await db.drop();
    }
  });
});
