import { API_TOKEN_ERROR_CODES, DEFAULT_BODY_LIMIT, type Endpoint, MCP_PATH, WORKSPACE_HEADER } from '@nashr/contracts';
import { answerMcpRequest, type CallApi, mcpLanguageOf } from '@nashr/mcp';
import { type ApiTokenStore, AppError } from '@nashr/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerOf, resolveRemembered } from '../api-tokens.js';
import type { IdentityCache } from '../identity-cache.js';

/** The version the MCP server announces: its tools change with the API's version. */
const MCP_SERVER_VERSION = '1.0.0';

const pathOf = (endpoint: Endpoint, params: Record<string, string> = {}) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * The MCP server for AI assistants at `/mcp` (streamable HTTP, no sessions), for callers with a
 * personal API token. Each tool calls the public API through this gateway with the caller's own
 * token and address, so the token's scopes, its rate limit and every rule of the API apply as to
 * any client; the gateway itself only authenticates the token and passes the request on.
 * The token is checked as the API checks it, through the identity cache: a token in use costs no
 * Redis read here nor in the calls it makes, and a revoke still ends it at once.
 */
export function mcpRoutes(
  app: FastifyInstance,
  deps: { tokens: ApiTokenStore; cache: IdentityCache; publicUrl: string },
): void {
  const refuseWithoutToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request);
    if (token === undefined || !(await resolveRemembered(token, deps))) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(
        'UNAUTHENTICATED',
        'The MCP server needs a personal API token: Authorization: Bearer <token>, made under Access tokens',
        { code: API_TOKEN_ERROR_CODES.invalid },
      );
    }
    return token;
  };

  app.post(MCP_PATH, { bodyLimit: DEFAULT_BODY_LIMIT }, async (request, reply) => {
    const token = await refuseWithoutToken(request, reply);
    const language = mcpLanguageOf(request.headers['accept-language']);
    const call: CallApi = async (endpoint, { params, query, body, workspace } = {}) => {
      const search = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
      const answer = await app.inject({
        method: endpoint.method,
        url: `${pathOf(endpoint, params)}${search}`,
        remoteAddress: request.ip,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'accept-language': language,
          ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      let parsed: unknown = null;
      try {
        parsed = answer.json();
      } catch {
        parsed = { message: answer.body.slice(0, 200) };
      }
      return { status: answer.statusCode, body: parsed };
    };
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const answer = await answerMcpRequest(
      new Request(new URL(MCP_PATH, deps.publicUrl), { method: 'POST', headers }),
      request.body,
      { call, language, version: MCP_SERVER_VERSION },
    );
    reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined);
  });

  // No sessions and no server-sent stream: a client that opens one (GET) or ends one (DELETE) is
  // told so as MCP clients expect it, in JSON-RPC.
  const onlyPost = async (request: FastifyRequest, reply: FastifyReply) => {
    await refuseWithoutToken(request, reply);
    return reply
      .status(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server answers POST only, without sessions' },
        id: null,
      });
  };
  app.get(MCP_PATH, onlyPost);
  app.delete(MCP_PATH, onlyPost);
}
