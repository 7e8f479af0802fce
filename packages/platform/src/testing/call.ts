import { type EndpointInput, type EndpointSpec, type Identity, urlOf } from '@nashr/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { identityHeaders } from '../http/identity.js';

/** What a test sends to one endpoint: its path parameters, query and body as the catalogue types them, and extra headers. */
export type CallInput<E extends EndpointSpec> = EndpointInput<E> & { headers?: Record<string, string> };

/** The input argument: optional when the endpoint needs nothing (no path parameters, no body). */
export type CallArgs<E extends EndpointSpec> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * One request to `endpoint` of the catalogue, injected into a service's app as the gateway
 * forwards it for `identity` (signed with `internalSecret`): its method and path come from the
 * catalogue (`call(API.posts.updateDraft, { params: { id }, body })`), so a test never spells a
 * path and follows the endpoint when it moves.
 */
export function callEndpoint<E extends EndpointSpec>(
  app: Pick<FastifyInstance, 'inject'>,
  internalSecret: string,
  identity: Identity,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<LightMyRequestResponse> {
  const { params, query, body, headers = {} } = (input ?? {}) as CallInput<EndpointSpec>;
  return app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, params, query),
    headers: { ...identityHeaders(identity, internalSecret), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
