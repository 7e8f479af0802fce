import type { Config } from './config.js';

export type ServiceName = 'auth' | 'linkedin' | 'posts' | 'content' | 'ai';

/**
 * The public paths and the service that owns each: the spec's call table (including its
 * `/linkedln/` spelling) plus the `/api/v1/` paths. The first matching entry wins.
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; service: ServiceName }> = [
  { path: '/api/v1/auth/*', service: 'auth' },
  { path: '/api/v1/personalization', service: 'auth' },
  { path: '/api/v1/linkedin/*', service: 'linkedin' },
  { path: '/linkedln/getUserInfo', service: 'linkedin' },
  { path: '/linkedln/getUserProfile', service: 'linkedin' },
  { path: '/linkedln/getPosts', service: 'linkedin' },
  { path: '/linkedln/getUserProfileData', service: 'linkedin' },
  { path: '/linkedln/createPost', service: 'posts' },
  { path: '/linkedln/saveSchedulePost', service: 'posts' },
  { path: '/linkedln/getScheduledPosts/*', service: 'posts' },
  { path: '/api/v1/posts', service: 'posts' },
  { path: '/api/v1/posts/*', service: 'posts' },
  { path: '/content/*', service: 'content' },
  { path: '/api/v1/ai/*', service: 'ai' },
];

export function serviceUrls(config: Config): Record<ServiceName, string> {
  return {
    auth: config.AUTH_URL,
    linkedin: config.LINKEDIN_URL,
    posts: config.POSTS_URL,
    content: config.CONTENT_URL,
    ai: config.AI_URL,
  };
}

/** Methods that change nothing: no Origin check, and no reason to forget what is remembered of the caller. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that belong to the API: unknown ones answer JSON 404, never the web app. */
export const API_PREFIXES = ['/api/', '/content/', '/linkedln/'];

/** Whether a request URL (path and query) is an API call rather than a page or a file of the web app. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
