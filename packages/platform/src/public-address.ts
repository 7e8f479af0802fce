import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Why an address given by a user may not be called by our servers (a webhook, a push service):
 * plain http, credentials in it, a host that does not resolve, or one that resolves to an address
 * that is not public (this machine, the private network, link-local, a cloud's metadata service...).
 */
export type PublicAddressRefusal = 'malformed' | 'not_https' | 'credentials' | 'unresolved' | 'not_public';

export interface PublicAddressOptions {
  /**
   * Outside production: an address on this machine (localhost, 127.0.0.0/8, ::1) is let through,
   * over plain http too, so tests and development reach a local receiver. Never set in production.
   */
  allowLoopback?: boolean;
  /** Resolves a host name to all its addresses; `dns.promises.lookup` unless a test gives its own. */
  resolve?: (host: string) => Promise<readonly { address: string }[]>;
}

const resolveAll = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The address of `host` as ipaddr reads it, IPv4-mapped IPv6 (`::ffff:10.0.0.1`) read as the IPv4 it is. */
const parsed = (address: string) => ipaddr.process(address.replace(/^\[(.*)\]$/, '$1'));

/** A public unicast address: not private, loopback, link-local, unique-local, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  try {
    return parsed(address).range() === 'unicast';
  } catch {
    return false;
  }
}

function isLoopbackAddress(address: string): boolean {
  try {
    return parsed(address).range() === 'loopback';
  } catch {
    return false;
  }
}

/** An address that may be connected to under these options. */
const admitted = (address: string, options: PublicAddressOptions) =>
  isPublicAddress(address) || (options.allowLoopback === true && isLoopbackAddress(address));

const LOOPBACK_NAMES = /^(localhost|.+\.localhost)$/i;

/**
 * Why `url` must not be called, or null when it may: https (plain http only for this machine when
 * `allowLoopback`), no credentials, and a host that is (an IP literal) or resolves only to
 * (every address `dns.promises.lookup` gives) public unicast addresses. A name that resolves at
 * all to a private address is refused, so the check cannot be passed by a name with two answers.
 */
export async function publicAddressRefusal(
  url: string,
  options: PublicAddressOptions = {},
): Promise<PublicAddressRefusal | null> {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    return 'malformed';
  }
  const host = parsedUrl.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return 'malformed';
  const literal = ipaddr.isValid(host);
  const local = literal ? isLoopbackAddress(host) : LOOPBACK_NAMES.test(host);
  if (parsedUrl.protocol !== 'https:' && !(parsedUrl.protocol === 'http:' && local && options.allowLoopback)) {
    return 'not_https';
  }
  if (parsedUrl.username || parsedUrl.password) return 'credentials';
  if (literal) return admitted(host, options) ? null : 'not_public';
  let addresses: readonly { address: string }[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every(({ address }) => admitted(address, options)) ? null : 'not_public';
}

/** The error a connection to a refused address fails with (its `code` is ENOTPUBLIC). */
export class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'NotPublicAddressError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for Node's http(s) requests and Agents (and undici's `connect`): resolves as
 * `dns.lookup` does, then refuses to connect when any address is not public. Checking the URL
 * before sending is not enough: a name can resolve to a public address for the check and to a
 * private one a moment later (DNS rebinding), so the connection checks what it connects to.
 * Node skips `lookup` for an IP literal: check those with `publicAddressRefusal` first.
 */
export function publicOnlyLookup(options: Pick<PublicAddressOptions, 'allowLoopback'> = {}) {
  return (hostname: string, lookupOptions: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback) => {
    const asked = typeof lookupOptions === 'number' ? { family: lookupOptions } : lookupOptions;
    dns.lookup(hostname, { ...asked, all: true }, (err, addresses) => {
      if (err) return callback(err, asked.all ? [] : '', undefined);
      const refused = addresses.find(({ address }) => !admitted(address, options));
      if (refused) return callback(new NotPublicAddressError(hostname, refused.address), asked.all ? [] : '');
      if (asked.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  };
}
