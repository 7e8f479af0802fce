// Port choice: the preferred port when free, else the next free one above it.
import { createServer } from 'node:net';
import { fail } from './output.mjs';

/** Whether nothing listens on `port` at `host` (an address family the machine lacks counts as free). */
function listenable(/** @type {number} */ port, /** @type {string} */ host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Free on both loopback addresses: the gateway answers on 'localhost', IPv4 and IPv6. */
export async function portFree(/** @type {number} */ port) {
  return (await listenable(port, '127.0.0.1')) && (await listenable(port, '::1'));
}

/**
 * The preferred port when free, else the next free one above it, never one in `taken`; the port
 * chosen is added to `taken`, so two processes never get the same one.
 * @param {number} preferred
 * @param {Set<number>} taken
 */
export async function freePort(preferred, taken) {
  for (let port = preferred; port < preferred + 200 && port < 65536; port++) {
    if (taken.has(port)) continue;
    if (await portFree(port)) {
      taken.add(port);
      return port;
    }
  }
  return fail(`no free port found near ${preferred}`);
}

/** The gateway's port from PORT, or the default; anything else than a TCP port fails. */
export function gatewayPortFrom(/** @type {string | undefined} */ value, /** @type {number} */ fallback) {
  const port = Number(value || fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT=${value} is not a port`);
  return port;
}

/**
 * A port for every process of the stack: the gateway's as given, every other one its default
 * or the next free port above it.
 * @param {Record<string, number>} defaults   preferred port by name (tools/stack/processes.mjs defaultPorts)
 * @param {{ name: string, port: number }} gateway
 * @param {Set<number>} taken
 */
export async function assignPorts(defaults, gateway, taken) {
  /** @type {Record<string, number>} */
  const ports = { ...defaults, [gateway.name]: gateway.port };
  for (const [name, preferred] of Object.entries(defaults)) {
    if (name === gateway.name) continue;
    ports[name] = await freePort(preferred, taken);
  }
  return ports;
}
