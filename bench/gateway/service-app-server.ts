/**
 * The gateway benchmark's middle line: the same JSON body from one route of a service app
 * (`createServiceApp`: request ids, metrics, the error shape, one access-log line at info, as
 * every service and the gateway run), with no session, no Redis, no database and no hop. Its
 * distance to the bare route is what the shared app costs; its distance to the gateway is what
 * the session read, the rate limit, the proxy hop and the user read cost.
 *
 *   BARE_BODY='{"success":true,...}' node --import tsx bench/gateway/service-app-server.ts
 */
import { createLogger, createServiceApp } from '@nashr/platform';
import { listenAndAnnounce } from './announce.js';

const body = process.env.BARE_BODY;
if (!body) throw new Error('BARE_BODY is not set');

const logger = createLogger('bench-service-app', { LOG_LEVEL: 'info', NODE_ENV: 'production' });
const app = createServiceApp({ name: 'bench-service-app', logger });
app.get('/api/v1/auth/me', (_request, reply) => {
  reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
});
await listenAndAnnounce(app);
