import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createNashrMcpServer, type NashrMcpOptions } from './server.js';

/**
 * Answers one MCP request over the streamable HTTP transport, without sessions: each POST gets a
 * server of its own for the caller, so nothing of one caller is kept between requests or shared
 * with another (the SDK's stateless pattern). Answers are plain JSON, not an event stream: every
 * tool answers once.
 */
export async function answerMcpRequest(
  request: Request,
  parsedBody: unknown,
  options: NashrMcpOptions,
): Promise<Response> {
  const server = createNashrMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
