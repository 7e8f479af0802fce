import type { API, EndpointSpec } from '@nashr/contracts';

/**
 * The API catalogue's endpoints as the web app names them (`linkedinApi.getUserInfo`), without
 * their schemas. Building the catalogue's zod schemas was the biggest single piece of work as a
 * screen started, for schemas needed only once an answer comes back: `call` loads the catalogue
 * (its own chunk) on the first call, and a screen the gateway rendered with its data makes none
 * until the visitor acts.
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
let loading: Promise<LazyContracts> | undefined;

/** The contracts' lazy part with the catalogue's schemas, loaded once. A failed load (offline) is tried again next time. */
export function lazyContracts(): Promise<LazyContracts> {
  loading ??= import('./lazy-contracts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

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
            const endpoint = ((await lazyContracts()).API[area] as Record<string, EndpointSpec | undefined>)[name];
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
export const accountApi = areaRefs('account');
export const linkedinApi = areaRefs('linkedin');
export const postsApi = areaRefs('posts');
export const mediaApi = areaRefs('media');
export const queueApi = areaRefs('queue');
export const analyticsApi = areaRefs('analytics');
export const contentApi = areaRefs('content');
export const libraryApi = areaRefs('library');
export const aiApi = areaRefs('ai');
export const billingApi = areaRefs('billing');
export const engageApi = areaRefs('engage');
export const adminAuditApi = areaRefs('adminAudit');
