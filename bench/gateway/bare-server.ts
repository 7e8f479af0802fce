/**
 * The framework's limit, for the gateway benchmark: a bare Fastify server (no plugins, no
 * logger) with one route answering the same JSON body that `GET /api/v1/auth/me` answers.
 * Run as its own process, like the gateway, so both compete for the same cores the same way.
 *
 *   BARE_BODY='{"success":true,...}' node --import tsx bench/gateway/bare-server.ts
 *
 * Prints `listening <port>` once ready; stops on SIGTERM.
 */
import Fastify from 'fastify';
import { listenAndAnnounce } from './announce.js';

const body = process.env.BARE_BODY;
if (!body) throw new Error('BARE_BODY is not set');

const app = Fastify();
app.get('/api/v1/auth/me', (_request, reply) => {
  reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
});
await listenAndAnnounce(app);
