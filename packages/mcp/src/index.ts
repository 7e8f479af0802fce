export { answerMcpRequest } from './http.js';
export { type ApiAnswer, type ApiRequest, type CallApi, createNashrMcpServer, type NashrMcpOptions } from './server.js';
export { MCP_LANGUAGES, type McpLanguage, mcpLanguageOf } from './words.js';
