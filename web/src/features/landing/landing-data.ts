import type { ContentBlockName, Locale, PlanInfo } from '@nashr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../lib/api/auth';
import { type ContentBlockResponse, contentKeys } from '../../lib/api/content';

/** The id of the JSON the gateway writes into the landing page's HTML beside what it rendered. */
export const LANDING_DATA_ID = 'landing-data';

/**
 * What the landing page was rendered from on the server: the content service's answers, the
 * billing plans (when billing answered) and whether the request carried a session cookie. The
 * browser puts the same into its query cache before hydrating, so its first render matches the
 * HTML and asks nothing again.
 */
export interface LandingData {
  lang: Locale;
  blocks: { [N in ContentBlockName]: ContentBlockResponse<N> };
  plans?: PlanInfo[];
  /** False: no session cookie came with the page, so there is no session to ask `/auth/me` about. */
  signedIn: boolean;
}

/** The key `usePlans` (lib/api/billing.ts) keeps the plans under. */
const PLANS_KEY = ['billing', 'plans'] as const;

export function seedLandingQueries(
  queryClient: QueryClient,
  data: Omit<LandingData, 'signedIn'> & { signedIn?: boolean },
) {
  for (const [name, response] of Object.entries(data.blocks)) {
    queryClient.setQueryData(contentKeys.block(name as ContentBlockName, data.lang), response);
  }
  if (data.plans) queryClient.setQueryData(PLANS_KEY, data.plans);
  // A visitor without a session cookie is signed out: asking /auth/me would only get a 401
  // (logged by the browser as a failed request).
  if (data.signedIn === false) queryClient.setQueryData(sessionQuery.queryKey, null);
}

/** The data of the page the server rendered, if this page is one (read once, at start-up). */
export function serverRenderedLanding(): LandingData | undefined {
  const element = document.getElementById(LANDING_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as LandingData;
  } catch {
    return undefined;
  }
}
