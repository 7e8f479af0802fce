import type { Locale } from '@nashr/contracts';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { storedLanguage } from '../i18n';
import type { RouterContext } from '../session/route-guard';
import { browserTimeZone } from './time-zone';

/**
 * One read a screen makes: the options object its component queries with (its key and function,
 * written once), or, for a read that needs another's answer first (the posts of the account read
 * before them), a function that makes both.
 */
export type ScreenRead =
  // biome-ignore lint/suspicious/noExplicitAny: any query's options, whatever its data and key
  FetchQueryOptions<any, any, any, any> | ((queryClient: QueryClient) => Promise<unknown>);

/**
 * A route's loader: starts the reads its screen makes, before the screen's code has even loaded
 * (`reads` may still be on their way: the router loads them with their own chunk).
 *
 * In the browser it does not wait for them: the screen shows its own skeletons meanwhile, as it
 * did before loaders, and a link merely hovered (the router's `defaultPreload: 'intent'`) starts
 * them early. A read still fresh in the cache is not asked again (`prefetchQuery`).
 * Rendered on the server (`context.serverRender`, app-ssr/server.tsx) it waits, so the first
 * render already has the answers.
 *
 * A read that fails is left in the cache as failed: the screen shows it (with its retry) as it
 * would have without the loader, and the server's render still goes ahead.
 */
export function loadScreenData(
  context: RouterContext,
  reads: Promise<readonly ScreenRead[]>,
): Promise<void> | undefined {
  const { queryClient } = context;
  const started = reads.then((list) =>
    Promise.allSettled(
      list.map((read) => {
        if (typeof read === 'function') return read(queryClient);
        return context.serverRender ? queryClient.ensureQueryData(read) : queryClient.prefetchQuery(read);
      }),
    ),
  );
  const settled = started.then(
    () => undefined,
    () => undefined,
  );
  return context.serverRender ? settled : undefined;
}

/**
 * The time zone the screen shows days and times in, for a read keyed by it: the browser's own, or
 * on the server the one of the browser it renders for (a loader runs outside the render, which
 * alone runs in that zone).
 */
export function screenTimeZone(context: RouterContext): string {
  return context.serverRender?.timeZone ?? browserTimeZone();
}

/** The interface language, for a read keyed by it (the server renders in the browser's). */
export function screenLanguage(context: RouterContext): Locale {
  return context.serverRender?.lang ?? storedLanguage();
}
