import type { z } from 'zod';
import type { ApiTokenScope } from '../auth/api-tokens.js';
import type { WorkspaceRole } from '../workspaces.js';

/** The services behind the gateway; `gateway` for the pages the gateway serves itself. */
export type ServiceName = 'auth' | 'linkedin' | 'posts' | 'content' | 'ai' | 'billing' | 'engage';
export type EndpointOwner = ServiceName | 'gateway';

/**
 * Who may call an endpoint. A full user is signed in with a connected network account and saved
 * personalization: the server checks only the sign-in (the web app keeps others out of those
 * screens, and the endpoints answer `linkedin.not_connected` on their own), so for serving
 * `full-user` means `signed-in`.
 */
export type Access = 'visitor' | 'signed-in' | 'full-user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointResponse {
  description: string;
  /** JSON body; omitted for redirects and non-JSON answers. */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

/** A request body described by its content type and a JSON Schema (OpenAPI 3.1). */
export interface RawBody {
  contentType: string;
  description: string;
  schema: Readonly<Record<string, unknown>>;
}

/** An error status with the codes the endpoint answers under it (beyond those its access and input imply). */
export type EndpointErrors = Partial<Record<number, readonly string[]>>;

export interface EndpointSpec {
  method: HttpMethod;
  /** OpenAPI form, `{param}` for a path parameter: exactly the path the public calls. */
  path: string;
  owner: EndpointOwner;
  access: Access;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A body that is not JSON checked by `body` (a file, a provider's signed payload, a JSON-RPC
   * message), described for the reference only: the service reads and checks it itself.
   */
  rawBody?: RawBody;
  /** Takes no body on purpose: the path (and query) say everything. */
  noBody?: true;
  responses: Record<number, EndpointResponse>;
  errors?: EndpointErrors;
  /**
   * Open to personal API tokens (`Authorization: Bearer`) holding this scope, with the same rules
   * as a session otherwise. Without it the gateway refuses every token here (`token.route_closed`).
   */
  token?: ApiTokenScope;
  /**
   * A create a retry or a double click must not do twice: a repeat with the same
   * `Idempotency-Key` header gets the first answer (the service serves it with `route(..., { once })`).
   */
  idempotent?: true;
  /**
   * Acts within one workspace, named by the `Nashr-Workspace` header (the caller's personal one
   * when absent), and needs at least this role in it. A caller who is not a member gets 404
   * `workspace.not_found`; one whose role is lower gets 403 `workspace.role_too_low`.
   */
  workspace?: WorkspaceRole;
}

/** One endpoint of the public API: declared once, and the gateway, services and web app derive from it. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = Readonly<S>;

/** Declares an endpoint, keeping its exact schema types so handlers and calls are typed from them. */
export const defineEndpoint = <const S extends EndpointSpec>(spec: S): Endpoint<S> => spec;

type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;
type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a handler receives after validation. */
export type EndpointParams<E extends EndpointSpec> = OutputOf<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = OutputOf<E['query']>;
export type EndpointBody<E extends EndpointSpec> = OutputOf<E['body']>;

/** The JSON bodies of the endpoint's declared answers (any status), as a handler returns them. */
export type EndpointReply<E extends EndpointSpec> = {
  [K in keyof E['responses']]: E['responses'][K] extends { schema: infer S extends z.ZodType } ? z.input<S> : never;
}[keyof E['responses']];

/** The successful (2xx) JSON answer a caller reads, as parsed by its schema. */
export type EndpointAnswer<E extends EndpointSpec> = {
  [K in keyof E['responses']]: K extends 200 | 201 | 202
    ? E['responses'][K] extends { schema: infer S extends z.ZodType }
      ? z.output<S>
      : never
    : never;
}[keyof E['responses']];

/** What a caller sends: the path parameters, query and body, each only when the endpoint has one. */
export type EndpointInput<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: InputOf<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : { body?: undefined });

/** `/posts/{id}/retry` → `/posts/:id/retry`: the router's form of a catalogue path. */
export const routerPathOf = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The URL a caller requests: path parameters filled in (encoded) and the query appended. Query
 * values that are undefined are left out; arrays repeat the key.
 */
export function urlOf(endpoint: Pick<EndpointSpec, 'path'>, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const item of [value].flat()) if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
