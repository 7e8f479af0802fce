// @vitest-environment jsdom
import type { LinkedinPage } from '@nashr/contracts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { DashboardPage } from './dashboard-screen';

const PAGE: LinkedinPage = {
  organization: 'urn:li:organization:5',
  name: 'Acme',
  role: 'ADMINISTRATOR',
  added: true,
  identity: 'linkedin:page:5',
};

/**
 * The dashboard at `address` for a member with `page` listed, every other answer a 404 (so the
 * greeting's steps fail and say so): the requests it made, as it goes on making them.
 */
async function dashboardAt(address: string, page: LinkedinPage) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/linkedln/getUserInfo') {
        return Response.json({
          success: true,
          data: {
            accountID: crypto.randomUUID(),
            id: crypto.randomUUID(),
            status: 'connected',
            provider: 'linkedin',
            connectedAt: '2026-12-01T09:00:00Z',
            disconnectReason: null,
          },
        });
      }
      if (url === '/api/v1/linkedin/pages')
        return Response.json({ success: true, data: { granted: true, pages: [page] } });
      return Response.json({ code: 'not_found', message: 'no' }, { status: 404 });
    }),
  );
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/dashboard', component: DashboardPage }),
    ]),
    history: createMemoryHistory({ initialEntries: [address] }),
  });
  await router.load();
  const rendered = await renderSignedIn(<RouterProvider router={router} />, {
    account: { id: crypto.randomUUID(), email: 'd@example.test' },
  });
  await vi.waitFor(() => expect(rendered.container.querySelector('[data-testid="load-error"]')).not.toBeNull());
  return asked;
}

const summaryAsked = (asked: string[]) => asked.some((url) => url.startsWith('/api/v1/analytics/summary?'));

beforeAll(async () => {
  await startI18nForTests();
});
afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
});

describe("the dashboard's figures", () => {
  it("do not ask for the profile's summary while a page's figures are shown", async () => {
    const asked = await dashboardAt(`/dashboard?as=${encodeURIComponent(PAGE.identity ?? '')}`, PAGE);
    expect(summaryAsked(asked)).toBe(false);
    // Nor once the pages are known to include it.
    await vi.waitFor(() => expect(asked).toContain('/api/v1/linkedin/pages'));
    expect(summaryAsked(asked)).toBe(false);
  });

  it("ask for the profile's summary at once when the profile is shown", async () => {
    const asked = await dashboardAt('/dashboard', PAGE);
    expect(summaryAsked(asked)).toBe(true);
  });

  it("ask for the profile's summary when the page in the address is no longer added", async () => {
    const asked = await dashboardAt(`/dashboard?as=${encodeURIComponent(PAGE.identity ?? '')}`, {
      ...PAGE,
      added: false,
      identity: null,
    });
    await vi.waitFor(() => expect(summaryAsked(asked)).toBe(true));
  });
});
