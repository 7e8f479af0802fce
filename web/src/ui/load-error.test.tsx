import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { ApiError } from '../lib/api/client';
import { Loaded } from './load-error';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const query = <T,>(over: { data?: T; error?: Error | null; isPending?: boolean }) => ({
  data: over.data,
  error: over.error ?? null,
  isPending: over.isPending ?? false,
  isFetching: false,
  refetch: async () => ({}) as never,
});

const offline = new ApiError('fetch failed', 0);

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('a list inside a card, loaded', () => {
  it('shows a spinner while it loads, and nothing of the list', async () => {
    await i18next.changeLanguage('ar');
    const html = renderToStaticMarkup(<Loaded query={query<string[]>({ isPending: true })}>{list}</Loaded>);
    expect(html).toContain('aria-label="جارٍ التحميل…"');
    expect(html).not.toContain('<ul>');
    expect(html).not.toContain('load-error');
  });

  it('says in red why it failed, after "Error:", with Try again, in Arabic and in English', async () => {
    await i18next.changeLanguage('ar');
    const ar = renderToStaticMarkup(<Loaded query={query<string[]>({ error: offline })}>{list}</Loaded>);
    expect(ar).toContain('role="alert"');
    expect(ar).toContain('data-testid="load-error-text"');
    expect(ar).toContain('خطأ: تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.');
    expect(ar).toContain('حاول مرة أخرى</button>');
    expect(ar).not.toContain('<ul>');
    await i18next.changeLanguage('en');
    const en = renderToStaticMarkup(<Loaded query={query<string[]>({ error: offline })}>{list}</Loaded>);
    expect(en).toContain('Error: Cannot reach the server. Check your connection and try again.');
    expect(en).toContain('Try again</button>');
  });

  it('shows the list once loaded', () => {
    const html = renderToStaticMarkup(<Loaded query={query({ data: ['Laptop', 'Phone'] })}>{list}</Loaded>);
    expect(html).toBe('<ul><li>Laptop</li><li>Phone</li></ul>');
  });

  it('offers connecting an account, not an error and Try again, when the screen needs one not yet connected', async () => {
    const notConnected = new ApiError('No LinkedIn account is connected yet', 404, [], 'linkedin.not_connected');
    await i18next.changeLanguage('ar');
    const ar = renderToStaticMarkup(<Loaded query={query<string[]>({ error: notConnected })}>{list}</Loaded>);
    expect(ar).toContain('data-testid="connect-first"');
    expect(ar).toContain('href="/connect-linkedIn"');
    expect(ar).toContain('ربط حساب لينكدإن</a>');
    expect(ar).not.toContain('role="alert"');
    expect(ar).not.toContain('حاول مرة أخرى');
    await i18next.changeLanguage('en');
    const en = renderToStaticMarkup(<Loaded query={query<string[]>({ error: notConnected })}>{list}</Loaded>);
    expect(en).toContain('Connect a LinkedIn account</a>');
  });
});
