import type { QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { i18next, storedLanguage } from '../../i18n';
import { seedLandingQueries, serverRenderedLanding } from './landing-data';
import { LandingRoot } from './landing-root';

/**
 * The landing page the gateway rendered to HTML (services/gateway/src/landing-page.ts), when this
 * page is one and in the language this browser keeps (`public/landing-boot.js` loads the app at
 * once when they differ, and the app then renders in the stored language instead). Its data goes
 * into the query cache at once, so nothing is fetched again; `hydrate` lets React take over the
 * HTML as it is, without the router (the page's links are plain links).
 */
export function serverLanding(queryClient: QueryClient): { hydrate: (root: HTMLElement) => void } | undefined {
  const data = serverRenderedLanding();
  if (!data || data.lang !== storedLanguage()) return undefined;
  seedLandingQueries(queryClient, data);
  return {
    hydrate: (root) => {
      // From here React replays a click on the page itself (see public/landing-boot.js).
      document.documentElement.dataset.app = 'hydrating';
      hydrateRoot(root, <LandingRoot i18n={i18next} queryClient={queryClient} />);
    },
  };
}
