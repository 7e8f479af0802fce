import ipaddr from 'ipaddr.js';

/**
 * Where a client was, as far as can be told without an outside service: its network rather than
 * its address (IPv4 /24, IPv6 /48), so a user recognises their sessions while the full address is
 * never kept. Undefined for anything that does not parse.
 */
export function coarsePlace(ip: string | undefined): string | undefined {
  if (!ip || !ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16));
  return `${parts.join(':')}::/48`;
}
