// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LIVE_SIGNAL, router } from './router';

interface RouteLike {
  id: string;
  parentRoute?: { id: string };
  options: { component?: unknown; staticData?: { rendersOnServer?: boolean } };
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
