import { MAX_LIBRARY_QUERY_CHARS } from '@nashr/contracts';
import { createDatabase, identityHeaders, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { schema } from './db/schema.js';
import { LibraryStore } from './library-store.js';
import { librarySeed } from './seed/library.js';

let testDb: TestDatabase;
let database: ReturnType<typeof createDatabase<typeof schema>>;
let app: ServiceApp;

const adminIdentity = testIdentity(['user', 'admin']);
const admin = identityHeaders(adminIdentity, TEST_INTERNAL_SECRET);
const aliceIdentity = testIdentity(['user']);
const alice = identityHeaders(aliceIdentity, TEST_INTERNAL_SECRET);
const bob = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);

const search = (query: Record<string, string>, headers = alice) =>
  app.inject({ method: 'GET', url: '/api/v1/library/posts', query, headers });
const create = (payload: object, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/v1/library/admin/posts', headers, payload });
const ids = (res: { json: () => { data: { posts: { id: string }[] } } }) => res.json().data.posts.map((p) => p.id);

let arabicId: string;
let englishId: string;

beforeAll(async () => {
  testDb = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' }]);
  database = createDatabase({ url: testDb.url, schema });
  await new LibraryStore(database.db).seed(librarySeed);
  app = buildApp({
    config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET },
    logger: createCapturingLogger().logger,
    database,
  });
  const arabic = await create({
    lang: 'ar',
    author: 'مختبر البحث',
    body: 'قضيتُ عامًا كاملًا أعمل مع المهندسين على تحسين الجودة، وتعلمتُ منهم الصبر.',
    topic: 'technology',
    format: 'lesson',
  });
  const english = await create({
    lang: 'en',
    author: 'Search Lab',
    body: 'I spent a year hiring engineers for a tiny startup. Here is what I learned.',
    topic: 'hiring',
    format: 'lesson',
  });
  expect(arabic.statusCode).toBe(200);
  arabicId = arabic.json().data.id;
  englishId = english.json().data.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await testDb.drop();
});

describe('seeding', () => {
  it('adds the seed once, however many times the service starts', async () => {
    expect(await new LibraryStore(database.db).seed(librarySeed)).toBe(0);
    const all = await search({ limit: '50' });
    expect(all.json().data.posts.length).toBe(librarySeed.length + 2);
  });
});

describe('searching the library', () => {
  it('finds an Arabic post by another form of its word (singular, without the article)', async () => {
    const res = await search({ q: 'مهندس' });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toContain(arabicId);
    // With a preposition and the article, as people write it in a sentence.
    expect(ids(await search({ q: 'للمهندسين' }))).toContain(arabicId);
  });

  it('finds an English post by another form of its word', async () => {
    expect(ids(await search({ q: 'hire' }))).toContain(englishId);
    expect(ids(await search({ q: 'engineer' }))).toContain(englishId);
  });

  it('filters by topic, format and language', async () => {
    const res = await search({ topic: 'hiring', format: 'lesson', lang: 'en' });
    expect(ids(res)).toEqual([englishId]);
    const arabic = await search({ lang: 'ar', limit: '50' });
    expect(arabic.json().data.posts.every((post: { lang: string }) => post.lang === 'ar')).toBe(true);
  });

  it('reads operators typed by people as words, never failing', async () => {
    for (const q of ['"engineers" -', 'hire & | ! :* (', "'; drop table x; --", 'OR OR -', '!!!', 'مهندس & !']) {
      const res = await search({ q });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().success).toBe(true);
    }
    expect(ids(await search({ q: '"hiring engineers" -nothing' }))).toContain(englishId);
    // Nothing but operators: a safe, empty answer.
    const operators = await search({ q: `&|!():*'"` });
    expect(operators.statusCode).toBe(200);
    expect(operators.json().data.posts).toEqual([]);
  });

  it('refuses 10,000 characters of operators with the same code, never a 5xx', async () => {
    const res = await search({ q: `&|!():*'"`.repeat(1112).slice(0, 10_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('library.query_too_long');
  });

  it('refuses a 10,000-character search with its own code and the limit', async () => {
    for (const letter of ['a', 'م']) {
      const res = await search({ q: letter.repeat(10_000) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'library.query_too_long',
        params: { limit: MAX_LIBRARY_QUERY_CHARS },
      });
    }
  });

  it('refuses unknown filters and malformed ids with 4xx', async () => {
    expect((await search({ topic: 'gardening' })).statusCode).toBe(400);
    const bad = await app.inject({ method: 'PUT', url: '/api/v1/library/favourites/not-an-id', headers: alice });
    expect(bad.statusCode).toBe(400);
  });
});

describe('favourites', () => {
  it("are the content part of 'Download my data', each user's own", async () => {
    const carol = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/v1/library/favourites/${englishId}`, headers: carol })).statusCode,
    ).toBe(200);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/library/export', headers: carol });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const saved = mine.json().data.libraryFavourites;
    expect(saved).toEqual([expect.objectContaining({ postId: englishId, savedAt: expect.any(String) })]);
    const theirs = await app.inject({ method: 'GET', url: '/api/v1/library/export', headers: bob });
    expect(theirs.json().data.libraryFavourites).toEqual([]);
  });

  it("keeps each user's favourites to themselves", async () => {
    const saved = await app.inject({ method: 'PUT', url: `/api/v1/library/favourites/${arabicId}`, headers: alice });
    expect(saved.statusCode).toBe(200);
    // Saving twice is harmless.
    expect(
      (await app.inject({ method: 'PUT', url: `/api/v1/library/favourites/${arabicId}`, headers: alice })).statusCode,
    ).toBe(200);

    expect(ids(await search({ favourites: '1' }))).toEqual([arabicId]);
    expect(ids(await search({ favourites: '1' }, bob))).toEqual([]);
    // Naming Alice in the query does not give Bob her list: the caller is who the gateway says.
    const named = await search({ favourites: '1', userId: aliceIdentity.userId }, bob);
    expect(named.statusCode).toBeLessThan(500);
    if (named.statusCode === 200) expect(ids(named)).toEqual([]);
    const bobsView = (await search({ q: 'مهندس' }, bob))
      .json()
      .data.posts.find((p: { id: string }) => p.id === arabicId);
    expect(bobsView.favourite).toBe(false);

    // Bob cannot remove Alice's favourite: for him it is not a favourite at all.
    const removeOthers = await app.inject({
      method: 'DELETE',
      url: `/api/v1/library/favourites/${arabicId}`,
      headers: bob,
    });
    expect(removeOthers.statusCode).toBe(404);
    expect(removeOthers.json().code).toBe('library.favourite_not_found');
    expect(ids(await search({ favourites: '1' }))).toEqual([arabicId]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/library/favourites/${arabicId}`,
      headers: alice,
    });
    expect(removed.statusCode).toBe(200);
    expect(ids(await search({ favourites: '1' }))).toEqual([]);
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/library/favourites/00000000-0000-4000-8000-000000000000',
      headers: alice,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('library.post_not_found');
  });
});

describe('the admin editor', () => {
  it('refuses users on every admin route', async () => {
    const attempts = [
      { method: 'GET', url: '/api/v1/library/admin/posts' },
      {
        method: 'POST',
        url: '/api/v1/library/admin/posts',
        payload: { lang: 'en', author: 'x', body: 'x', topic: 'sales', format: 'list' },
      },
      { method: 'PATCH', url: `/api/v1/library/admin/posts/${englishId}`, payload: { hidden: true } },
    ] as const;
    for (const attempt of attempts) {
      const res = await app.inject({ ...attempt, headers: alice });
      expect(res.statusCode, attempt.url).toBe(403);
    }
    expect(ids(await search({ q: 'engineer' }))).toContain(englishId);
  });

  it('edits, tags and hides a post, and keeps each change in the audit trail', async () => {
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/library/admin/posts/${englishId}`,
      headers: admin,
      payload: { topic: 'career', format: 'story', hidden: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ topic: 'career', format: 'story', hidden: true });
    // Hidden: users no longer find it nor can save it; the editor still lists it.
    expect(ids(await search({ q: 'engineer' }))).not.toContain(englishId);
    const save = await app.inject({ method: 'PUT', url: `/api/v1/library/favourites/${englishId}`, headers: alice });
    expect(save.statusCode).toBe(404);
    const listed = await app.inject({ method: 'GET', url: '/api/v1/library/admin/posts?hidden=true', headers: admin });
    expect(ids(listed)).toEqual([englishId]);

    const audit = await app.inject({ method: 'GET', url: '/api/v1/content/admin/audit', headers: admin });
    const actions = audit
      .json()
      .data.map((entry: { action: string; target: string }) => `${entry.action} ${entry.target}`);
    expect(actions.some((line: string) => line.startsWith(`library.edit ${englishId}`))).toBe(true);
    expect(actions.filter((line: string) => line.startsWith('library.add')).length).toBe(2);
  });

  it('answers 404 for an unknown post and 400 for bad tags', async () => {
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/v1/library/admin/posts/00000000-0000-4000-8000-000000000000',
      headers: admin,
      payload: { hidden: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('library.post_not_found');
    const bad = await create({ lang: 'fr', author: 'x', body: '', topic: 'sales', format: 'list' });
    expect(bad.statusCode).toBe(400);
  });
});
