import type { API, EndpointSpec } from '@nashr/contracts';
import { loadOnce } from '../load-once';

/**
 * The API catalogue's endpoints as the web app names them (`linkedinApi.getUserInfo`), without
 * their schemas. Building the catalogue's zod schemas was the biggest single piece of work as a
 * screen started, for schemas needed only once an answer comes back: `call` loads an area's
 * endpoints (a chunk of their own) on its first call to the area, and a screen the gateway
 * rendered with its data makes none until the visitor acts.
 */
type Catalogue = typeof API;

type Area = keyof Catalogue;

/** One endpoint of the catalogue, named; `load` gives the endpoint with its schemas. */
export interface EndpointRef<E extends EndpointSpec> {
  /** `linkedin.getUserInfo`, for messages. */
  readonly name: string;
  readonly load: () => Promise<E>;
}

/** What `call` and `send` take: a catalogue endpoint by name, or an endpoint declared in place. */
export type Callable<E extends EndpointSpec> = E | EndpointRef<E>;

/** The endpoint a Callable stands for (each of them, for a union). */
export type SpecOf<T> = T extends EndpointRef<infer E> ? E : T extends EndpointSpec ? T : never;

export type LazyContracts = typeof import('./lazy-contracts');

/** The rest of the contracts the app needs only once it calls the API. */
export const lazyContracts = loadOnce((): Promise<LazyContracts> => import('./lazy-contracts'));

/**
 * Each area's endpoints with their schemas, fetched and built on the first call to the area: a
 * screen's first call builds the schemas of what it calls, not of the whole API.
 */
const AREAS: { [A in Area]: () => Promise<Catalogue[A]> } = {
  auth: () => import('@nashr/contracts/api/auth').then((area) => area.authApi),
  personalization: () => import('@nashr/contracts/api/personalization').then((area) => area.personalizationApi),
  preferences: () => import('@nashr/contracts/api/preferences').then((area) => area.preferencesApi),
  notifications: () => import('@nashr/contracts/api/notifications').then((area) => area.notificationsApi),
  webhooks: () => import('@nashr/contracts/api/webhooks').then((area) => area.webhooksApi),
  workspaces: () => import('@nashr/contracts/api/workspaces').then((area) => area.workspacesApi),
  account: () => import('@nashr/contracts/api/account').then((area) => area.accountApi),
  linkedin: () => import('@nashr/contracts/api/linkedin').then((area) => area.linkedinApi),
  posts: () => import('@nashr/contracts/api/posts').then((area) => area.postsApi),
  media: () => import('@nashr/contracts/api/media').then((area) => area.mediaApi),
  queue: () => import('@nashr/contracts/api/queue').then((area) => area.queueApi),
  review: () => import('@nashr/contracts/api/review').then((area) => area.reviewApi),
  analytics: () => import('@nashr/contracts/api/analytics').then((area) => area.analyticsApi),
  content: () => import('@nashr/contracts/api/content').then((area) => area.contentApi),
  library: () => import('@nashr/contracts/api/library').then((area) => area.libraryApi),
  ai: () => import('@nashr/contracts/api/ai').then((area) => area.aiApi),
  billing: () => import('@nashr/contracts/api/billing').then((area) => area.billingApi),
  engage: () => import('@nashr/contracts/api/engage').then((area) => area.engageApi),
  adminAudit: () => import('@nashr/contracts/api/admin-audit').then((area) => area.adminAuditApi),
  gateway: () => import('@nashr/contracts/api/gateway').then((area) => area.gatewayApi),
};

type Endpoints = Record<string, EndpointSpec | undefined>;

/** Each area's endpoints, loaded once. */
const loadArea = Object.fromEntries(
  Object.entries(AREAS).map(([area, load]) => [area, loadOnce(load as () => Promise<Endpoints>)]),
) as Record<Area, () => Promise<Endpoints>>;

type AreaRefs<A extends Area> = {
  readonly [K in keyof Catalogue[A]]: Catalogue[A][K] extends EndpointSpec ? EndpointRef<Catalogue[A][K]> : never;
};

function areaRefs<A extends Area>(area: A): AreaRefs<A> {
  const refs = new Map<string, EndpointRef<EndpointSpec>>();
  return new Proxy({} as AreaRefs<A>, {
    get(_, name) {
      if (typeof name !== 'string') return undefined;
      let ref = refs.get(name);
      if (!ref) {
        ref = {
          name: `${area}.${name}`,
          load: async () => {
            const endpoint = (await loadArea[area]())[name];
            if (!endpoint) throw new Error(`the API catalogue has no ${area}.${name}`);
            return endpoint;
          },
        };
        refs.set(name, ref);
      }
      return ref;
    },
  });
}

/** An endpoint picked from the contracts package once loaded (one of `DATA_EXPORT_ENDPOINTS`, say). */
export function lazyEndpoint<E extends EndpointSpec>(name: string, pick: (loaded: LazyContracts) => E): EndpointRef<E> {
  return { name, load: () => lazyContracts().then(pick) };
}

export const isEndpointRef = <E extends EndpointSpec>(target: Callable<E>): target is EndpointRef<E> =>
  'load' in target && typeof target.load === 'function';

export const authApi = areaRefs('auth');
export const personalizationApi = areaRefs('personalization');
export const preferencesApi = areaRefs('preferences');
export const notificationsApi = areaRefs('notifications');
export const webhooksApi = areaRefs('webhooks');
export const workspacesApi = areaRefs('workspaces');
export const accountApi = areaRefs('account');
export const linkedinApi = areaRefs('linkedin');
export const postsApi = areaRefs('posts');
export const mediaApi = areaRefs('media');
export const queueApi = areaRefs('queue');
export const reviewApi = areaRefs('review');
export const analyticsApi = areaRefs('analytics');
export const contentApi = areaRefs('content');
export const libraryApi = areaRefs('library');
export const aiApi = areaRefs('ai');
export const billingApi = areaRefs('billing');
export const engageApi = areaRefs('engage');
export const adminAuditApi = areaRefs('adminAudit');
