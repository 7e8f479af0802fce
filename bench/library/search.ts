/**
 * The inspiration library's search over 100,000 posts (issue 20): `GET /api/v1/library/posts?q=…`
 * through the gateway, signed in, against a plain list of the same library (no words) in the same
 * run, alternating, plus PostgreSQL's plan of the search. The posts are made of the hooks of the
 * writing library (four a post, Arabic and English), so the words are real and spread as in use.
 */
import { createDatabase } from '@nashr/platform';
import arabic from '../../web/src/features/hooks-library/data/ar';
import english from '../../web/src/features/hooks-library/data/en';
import { percentile } from '../scheduler/stats.js';

export interface LibrarySearchOptions {
  gatewayUrl: string;
  cookie: string;
  /** The content service's database. */
  databaseUrl: string;
  posts: number;
  samples: number;
  warmup: number;
}

export interface LibrarySearchResult {
  posts: number;
  samples: number;
  search: { p50: number; p95: number; p99: number };
  list: { p50: number; p95: number; p99: number };
  failures: number;
  plan: string;
  /** How many posts each searched word finds, for reading the figures. */
  matches: Record<string, number>;
}

/** Searches people type: other forms of the hooks' words, in both languages, some with operators. */
export const SEARCHES = [
  'المشروع',
  'للمهندسين',
  'الفريق',
  'مقابلات',
  'قيادة الفريق',
  'hiring',
  'leaders',
  'mistakes',
  '"first job"',
  'team -remote',
];

export async function benchLibrarySearch(options: LibrarySearchOptions): Promise<LibrarySearchResult> {
  const database = createDatabase({ url: options.databaseUrl, schema: {}, max: 2, statementTimeoutMs: 600_000 });
  const { sql } = database;
  try {
    const ar = arabic.hooks.map((hook) => hook.text);
    const en = english.hooks.map((hook) => hook.text);
    // One statement: four hooks a post, chosen by the row number, newest first by minute.
    await sql`
      insert into content.library_posts (lang, author, body, topic, format, created_at)
      select case when g % 2 = 0 then 'ar' else 'en' end,
             'Bench author ' || (g % 997),
             case when g % 2 = 0
               then array_to_string(array[ar[1 + g % ${ar.length}], ar[1 + (g * 7) % ${ar.length}], ar[1 + (g * 13) % ${ar.length}], ar[1 + (g * 31) % ${ar.length}]], E'\n\n')
               else array_to_string(array[en[1 + g % ${en.length}], en[1 + (g * 7) % ${en.length}], en[1 + (g * 13) % ${en.length}], en[1 + (g * 31) % ${en.length}]], E'\n\n')
             end,
             (array['career','leadership','entrepreneurship','marketing','sales','technology','productivity','personal_brand','hiring','learning'])[1 + g % 10],
             (array['story','list','lesson','contrarian','question','number','announcement','howto','milestone','behind'])[1 + (g / 10) % 10],
             now() - make_interval(mins => g)
      from generate_series(1, ${options.posts}) as g,
           (select ${ar}::text[] as ar, ${en}::text[] as en) as pools`;
    await sql`analyze content.library_posts`;

    const matches: Record<string, number> = {};
    for (const q of SEARCHES) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from content.library_posts
        where search_ar @@ websearch_to_tsquery('arabic', ${q}) or search_en @@ websearch_to_tsquery('english', ${q})`;
      matches[q] = row?.n ?? 0;
    }
    // The plans of the two shapes the service runs (as Drizzle writes them): a word with many
    // matches walks the posts newest first; one with fewer than 500 sorts its matches, read
    // through the GIN indexes (the order by an expression no index gives).
    const explain = async (q: string, order: string) => {
      const rows = await sql.unsafe(
        `explain (analyze, buffers, costs off, timing off, summary on)
         select p.id, p.lang, p.author, p.body, p.topic, p.format, p.created_at, (f.user_id is not null) as favourite
         from content.library_posts p
         left join content.library_favourites f on f.post_id = p.id and f.user_id = '00000000-0000-4000-8000-000000000000'
         where p.hidden = false
           and (p.search_ar @@ websearch_to_tsquery('arabic', $1) or p.search_en @@ websearch_to_tsquery('english', $1))
         order by ${order} desc, p.id desc
         limit 21`,
        [q],
      );
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    };
    const plan = [
      `«${SEARCHES[0]}» (many matches):`,
      await explain(SEARCHES[0] ?? '', 'p.created_at'),
      `«${SEARCHES[1]}» (few matches):`,
      await explain(SEARCHES[1] ?? '', "p.created_at + interval '0 seconds'"),
    ].join('\n');

    const call = async (query: string) => {
      const started = performance.now();
      const response = await fetch(`${options.gatewayUrl}/api/v1/library/posts${query}`, {
        headers: { cookie: options.cookie },
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      return { ms: performance.now() - started, ok: response.status === 200 };
    };
    const search: number[] = [];
    const list: number[] = [];
    let failures = 0;
    for (let i = 0; i < options.warmup + options.samples; i++) {
      const q = SEARCHES[i % SEARCHES.length] ?? '';
      const searched = await call(`?q=${encodeURIComponent(q)}`);
      const listed = await call('');
      if (i < options.warmup) continue;
      if (!searched.ok || !listed.ok) failures++;
      search.push(searched.ms);
      list.push(listed.ms);
    }
    search.sort((a, b) => a - b);
    list.sort((a, b) => a - b);
    const figures = (values: number[]) => ({
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
    });
    return {
      posts: options.posts,
      samples: options.samples,
      search: figures(search),
      list: figures(list),
      failures,
      plan,
      matches,
    };
  } finally {
    await database.close();
  }
}
