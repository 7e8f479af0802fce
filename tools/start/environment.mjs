// What the stack's processes are told: the context tools/stack/processes.mjs computes every
// process's variables from, assembled from the user's environment and what `npm start` started.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * @param {{ env: Record<string, string | undefined>, databaseUrl: string, redisUrl: string,
 *   secrets: Record<string, string>, ports: Record<string, number>, gatewayPort: number }} parts
 * @returns {import('../stack/processes.mjs').StackContext}
 */
export function stackContext({ env, databaseUrl, redisUrl, secrets, ports, gatewayPort }) {
  return {
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'nashr',
    secrets,
    publicUrl: env.PUBLIC_URL || `http://localhost:${gatewayPort}`,
    ports,
    env,
    logLevel: env.LOG_LEVEL || 'info',
  };
}

/** The variables one process starts with: the user's, then the stack's for it. */
export function processEnv(
  /** @type {Record<string, string | undefined>} */ env,
  /** @type {Record<string, string>} */ own,
  /** @type {boolean} */ useColor,
) {
  return { ...env, ...(useColor ? { FORCE_COLOR: '1' } : {}), ...own };
}

/** The absolute path of an executable on PATH, or null. */
export function findOnPath(/** @type {string} */ command, pathVariable = process.env.PATH ?? '') {
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}
