import type { FastifyInstance } from 'fastify';

/**
 * Listens on a free loopback port, prints `listening <port>` for the benchmark that started this
 * process, and closes on SIGTERM.
 */
export async function listenAndAnnounce(app: Pick<FastifyInstance, 'listen' | 'server' | 'close'>): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
