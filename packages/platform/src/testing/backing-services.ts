import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';

export interface BackingServices {
  databaseUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
}

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

// Generous: on a loaded machine a local connect can take seconds, and a refused port answers at once anyway.
function portAnswers(host: string, port: number, timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function dockerEngineAnswers(): Promise<boolean> {
  try {
    await promisify(execFile)('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

async function startContainers(): Promise<BackingServices> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [pg, redis] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
  ]);
  return {
    databaseUrl: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    stop: async () => {
      await Promise.all([pg.stop(), redis.stop()]);
    },
  };
}

/**
 * Where tests find PostgreSQL and Redis: DATABASE_URL and REDIS_URL when set; otherwise
 * containers when a Docker engine answers; otherwise the servers on their standard local
 * ports; otherwise the run stops and says what to start.
 */
export async function resolveBackingServices(): Promise<BackingServices> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (DATABASE_URL && REDIS_URL) {
    return { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, stop: async () => {} };
  }
  if (await dockerEngineAnswers()) return startContainers();
  const [pgUp, redisUp] = await Promise.all([portAnswers('127.0.0.1', 5432), portAnswers('127.0.0.1', 6379)]);
  if (pgUp && redisUp) {
    return {
      databaseUrl: DATABASE_URL ?? LOCAL_DATABASE_URL,
      redisUrl: REDIS_URL ?? LOCAL_REDIS_URL,
      stop: async () => {},
    };
  }
  const missing = [!pgUp && 'PostgreSQL on 127.0.0.1:5432', !redisUp && 'Redis on 127.0.0.1:6379'].filter(Boolean);
  throw new Error(
    `Tests need PostgreSQL and Redis. Set DATABASE_URL and REDIS_URL, start a Docker engine, or start ${missing.join(' and ')}.`,
  );
}
