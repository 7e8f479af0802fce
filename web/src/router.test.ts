// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dailyIdeasQuery } from './lib/api/advice';
import { LIVE_SIGNAL, router } from './router';
import type { RouterContext } from './session/route-guard';

interface RouteLike {
  id: string;
  parentRoute?: { id: string };
  options: {
    component?: unknown;
    staticData?: { rendersOnServer?: boolean };
    loader?: (match: {
      context: RouterContext;
      params: Record<string, string>;
      deps: Record<string, unknown>;
    }) => unknown;
  };
}

describe('the screens the gateway may render', () => {
  it('each lifts the page’s inert itself once it is live (a layout’s screens do, under it)', () => {
    const routes = Object.values(router.routesById) as RouteLike[];
    const childrenOf = (route: RouteLike) => routes.filter((child) => child.parentRoute?.id === route.id);
    const rendered = routes.filter((route) => route.options.staticData?.rendersOnServer);
    expect(rendered.map((route) => route.id)).toEqual(expect.arrayContaining(['/app', '/signup', '/terms']));
    const screens = rendered.flatMap((route) => (childrenOf(route).length ? childrenOf(route) : [route]));
    expect(screens.map((route) => route.id)).toEqual(expect.arrayContaining(['/app/generate-post', '/app/posts']));
    const without = screens.filter(
      (route) => !(route.options.component as Record<symbol, unknown> | undefined)?.[LIVE_SIGNAL],
    );
    expect(without.map((route) => route.id)).toEqual([]);
  });
});

describe('the routes’ loaders', () => {
  const routes = Object.values(router.routesById) as RouteLike[];
  const loaderOf = (id: string) => {
    const loader = routes.find((route) => route.id === id)?.options.loader;
    if (!loader) throw new Error(`${id} has no loader`);
    return (context: RouterContext) => loader({ context, params: {}, deps: {} });
  };
  const IDEAS = { day: '2030-01-15', status: 'preparing', ideas: [], language: null, offline: true };
  const answerIdeas = () =>
    vi.stubGlobal('fetch', async (url: string) =>
      String(url).startsWith('/api/v1/ai/ideas')
        ? Response.json({ success: true, data: IDEAS })
        : Response.json({ message: 'not here' }, { status: 404 }),
    );
  const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('name the reads of every screen that has data to show, and of the frame around them', () => {
    const screens = [
      '/app',
      '/app/dashboard',
      '/app/posts',
      '/app/generate-post',
      '/app/posts/analytics/$postId',
      '/app/profile',
      '/app/personalization',
      '/app/ideas',
      '/app/inspiration',
      '/app/engage',
      '/app/billing',
      '/app/api-tokens',
      '/app/webhooks',
      '/app/sessions',
      '/app/hooks',
    ];
    const without = screens.filter((id) => !routes.find((route) => route.id === id)?.options.loader);
    expect(without).toEqual([]);
  });

  it('on the server, hold the render until the screen’s data is in the cache', async () => {
    answerIdeas();
    const queryClient = newClient();
    await loaderOf('/app/ideas')({ queryClient, serverRender: { timeZone: 'UTC', lang: 'en' } });
    expect(queryClient.getQueryData(dailyIdeasQuery.queryKey)).toEqual(IDEAS);
  });

  it('in the browser, start the reads without holding the navigation (the screen shows its skeleton)', async () => {
    answerIdeas();
    const queryClient = newClient();
    expect(loaderOf('/app/ideas')({ queryClient })).toBeUndefined();
    await expect.poll(() => queryClient.getQueryData(dailyIdeasQuery.queryKey)).toEqual(IDEAS);
  });

  it('on the server, still render when a read fails: the screen shows the failure as it would have', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'broken' }, { status: 500 }));
    const queryClient = newClient();
    await loaderOf('/app/ideas')({ queryClient, serverRender: { timeZone: 'UTC', lang: 'en' } });
    expect(queryClient.getQueryState(dailyIdeasQuery.queryKey)?.status).toBe('error');
  });
});
