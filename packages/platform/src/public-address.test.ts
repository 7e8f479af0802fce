import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicAddressRefusal, publicOnlyLookup } from './public-address.js';

/** A resolver that answers these addresses for any name, as a DNS server under someone's control could. */
const answering =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

describe('publicAddressRefusal (production: no loopback)', () => {
  it('refuses a name that resolves to this machine (localhost, through the real resolver)', async () => {
    expect(await publicAddressRefusal('https://localhost/hook')).toBe('not_public');
    expect(await publicAddressRefusal('https://example.com/hook', { resolve: answering('127.0.0.1') })).toBe(
      'not_public',
    );
  });

  it('accepts a public IP literal and a name resolving only to public addresses', async () => {
    expect(await publicAddressRefusal('https://93.184.215.14/hook')).toBeNull();
    expect(await publicAddressRefusal('https://[2606:4700:4700::1111]/hook')).toBeNull();
    expect(
      await publicAddressRefusal('https://hooks.example.com/x', { resolve: answering('93.184.215.14') }),
    ).toBeNull();
  });

  it('refuses private, link-local, unique-local and IPv4-mapped private addresses', async () => {
    for (const url of [
      'https://10.1.2.3/',
      'https://192.168.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd12:3456:789a::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[::1]/',
      'https://0.0.0.0/',
    ]) {
      expect(await publicAddressRefusal(url), url).toBe('not_public');
    }
  });

  it('refuses a name with one private answer among public ones', async () => {
    const resolve = answering('93.184.215.14', 'fd00::5');
    expect(await publicAddressRefusal('https://hooks.example.com/', { resolve })).toBe('not_public');
  });

  it('refuses plain http, credentials, a malformed address and a name that does not resolve', async () => {
    expect(await publicAddressRefusal('http://93.184.215.14/')).toBe('not_https');
    expect(await publicAddressRefusal('http://127.0.0.1:9/')).toBe('not_https');
    expect(await publicAddressRefusal('https://user:pw@93.184.215.14/')).toBe('credentials');
    expect(await publicAddressRefusal('not a url')).toBe('malformed');
    const resolve = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await publicAddressRefusal('https://nowhere.invalid/', { resolve })).toBe('unresolved');
  });
});

describe('publicAddressRefusal outside production (loopback allowed)', () => {
  it('lets a local receiver through over http, and still refuses the private network', async () => {
    const options = { allowLoopback: true };
    expect(await publicAddressRefusal('http://127.0.0.1:4567/hook', options)).toBeNull();
    expect(await publicAddressRefusal('http://localhost:4567/hook', options)).toBeNull();
    expect(await publicAddressRefusal('http://10.0.0.1/hook', options)).toBe('not_https');
    expect(await publicAddressRefusal('https://10.0.0.1/hook', options)).toBe('not_public');
  });
});

describe('isPublicAddress', () => {
  it('tells public unicast addresses from the rest', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('172.16.0.1')).toBe(false);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('fc00::1')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('publicOnlyLookup', () => {
  it('refuses at connection time a name that resolves to this machine, and lets it through when loopback is allowed', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (allowLoopback: boolean) =>
      new Promise<string>((resolve, reject) => {
        const req = http.get(
          { host: 'localhost', port, family: 4, lookup: publicOnlyLookup({ allowLoopback }) },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
          },
        );
        req.on('error', reject);
      });
    try {
      await expect(get(false)).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
      expect(await get(true)).toBe('200');
    } finally {
      server.close();
    }
  });
});
