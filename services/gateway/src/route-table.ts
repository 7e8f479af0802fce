import { API_CATALOGUE, MCP_PATH, type ServiceName } from '@nashr/contracts';
import type { Config } from './config.js';

export type { ServiceName };

export interface ForwardedPath {
  /** A path, or a prefix ending in `/*`. */
  path: string;
  service: ServiceName;
}

/**
 * Paths the gateway forwards that are not API operations, each with the reason: the sandbox
 * network provider's stand-in for the network's CAPTCHA script, which the connect popup loads,
 * and for the network's image CDN, which the published posts' images load from.
 */
export const UNDOCUMENTED_FORWARDS: readonly ForwardedPath[] = [
  { path: '/api/v1/linkedin/sandbox/captcha/*', service: 'linkedin' },
  { path: '/api/v1/linkedin/sandbox/images/*', service: 'linkedin' },
];

/**
 * The gateway path of a catalogue path: itself when it has no parameter, otherwise everything
 * up to its first parameter as a prefix (`/api/v1/posts/{id}/retry` → `/api/v1/posts/*`).
 */
export function forwardedPathOf(path: string): string {
  const param = path.indexOf('{');
  return param === -1 ? path : `${path.slice(0, path.lastIndexOf('/', param))}/*`;
}

/**
 * The public paths and the service that owns each, derived from the API catalogue (the spec's
 * call table with its `/linkedln/` spelling, and the `/api/v1/` paths), plus the forwards above.
 */
export const ROUTE_TABLE: readonly ForwardedPath[] = [
  ...new Map(
    API_CATALOGUE.flatMap((endpoint) =>
      endpoint.owner === 'gateway' ? [] : [[forwardedPathOf(endpoint.path), endpoint.owner] as const],
    ),
  ),
]
  .map(([path, service]) => ({ path, service }))
  .concat(UNDOCUMENTED_FORWARDS);

export function serviceUrls(config: Config): Record<ServiceName, string> {
  return {
    auth: config.AUTH_URL,
    linkedin: config.LINKEDIN_URL,
    posts: config.POSTS_URL,
    content: config.CONTENT_URL,
    ai: config.AI_URL,
    billing: config.BILLING_URL,
    engage: config.ENGAGE_URL,
  };
}

/** Methods that change nothing: no Origin check, and no reason to forget what is remembered of the caller. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that belong to the API (and the MCP server beside it): unknown ones answer JSON 404, never the web app. */
export const API_PREFIXES = ['/api/', '/content/', '/linkedln/'];

/** Whether a request URL (path and query) is an API call rather than a page or a file of the web app. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url.split('?')[0] === MCP_PATH;
}
