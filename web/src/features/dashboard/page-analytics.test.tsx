// @vitest-environment jsdom
import type { PageAnalyticsResponse } from '@nashr/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { PageAnalytics } from './page-analytics';

const ORGANIZATION = 'urn:li:organization:5';
const figure = (value: number, previous: number | null = null) => ({
  value,
  previous,
  changePercent: null,
  sample: false,
});

function answer(state: PageAnalyticsResponse['state']): PageAnalyticsResponse {
  return {
    page: { organization: ORGANIZATION, name: 'Acme', identity: 'linkedin:page:5' },
    period: { days: 7, from: '2026-11-25', to: '2026-12-01' },
    state,
    readAt: state === 'waiting' ? null : '2026-12-01T09:00:00Z',
    cards: {
      impressions: figure(1_234, 1_000),
      clicks: figure(56),
      engagement: figure(78),
      followers: figure(2_010),
      followerGrowth: figure(12),
    },
    days: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map(
      (date) => ({ date, impressions: 100, clicks: 8, engagement: 11, followersGained: 2, followers: 2_000 }),
    ),
  };
}

async function shown(state: PageAnalyticsResponse['state']) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith('/api/v1/analytics/page?')) return Response.json(answer(state));
      return Response.json({ message: 'no' }, { status: 404 });
    }),
  );
  // The refusal links to the profile: the figures render inside a router.
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <PageAnalytics organization={ORGANIZATION} period={7} onPeriodChange={() => {}} />,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const rendered = await renderSignedIn(<RouterProvider router={router} />, {
    account: { id: crypto.randomUUID(), email: 'p@example.test' },
  });
  await vi.waitFor(() => {
    expect(rendered.container.querySelector('[data-testid="page-analytics"]')?.getAttribute('data-state')).toBe(state);
  });
  return { container: rendered.container, asked };
}

beforeAll(async () => {
  await startI18nForTests();
});
afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
});

describe("a company page's figures", () => {
  it("show the page's figures as read, never as samples, for the page asked", async () => {
    await i18next.changeLanguage('en');
    const { container, asked } = await shown('read');
    expect(asked).toContain(`/api/v1/analytics/page?organization=${encodeURIComponent(ORGANIZATION)}&days=7`);
    expect(container.querySelector('[data-testid="stat-page-impressions-value"]')?.textContent).toBe('1,234');
    expect(container.querySelector('[data-testid="stat-page-clicks-value"]')?.textContent).toBe('56');
    expect(container.querySelectorAll('[data-testid="sample-badge"]')).toHaveLength(0);
    expect(container.querySelector('#page-stats-title')?.textContent).toBe('Company page results: Acme');
    expect(container.querySelector('[data-testid="page-figures-refused"]')).toBeNull();
  });

  it('say the figures are not read yet rather than showing zeros', async () => {
    await i18next.changeLanguage('ar');
    const { container } = await shown('waiting');
    expect(container.querySelector('[data-testid="page-figures-waiting"]')?.textContent).toBe(
      'لم تُقرأ أرقام هذه الصفحة من لينكدإن بعد، وتظهر هنا بعد قليل من إضافة الصفحة.',
    );
    expect(container.querySelector('[data-testid="page-figures"]')).toBeNull();
  });

  it('say when LinkedIn refused them, and keep showing those read before', async () => {
    await i18next.changeLanguage('en');
    const { container } = await shown('refused');
    expect(container.querySelector('[data-testid="page-figures-refused"]')?.textContent).toMatch(
      /^LinkedIn no longer shares this page's figures/,
    );
    expect(container.querySelector('[data-testid="stat-page-followers-value"]')?.textContent).toBe('2,010');
  });
});
