import { describe, expect, it } from 'vitest';
import { endpointHash, keyBytes, madeWithKey } from './push-device';

const KEY = 'BBjW9z8I1l_OVhOfjRGQL5nWF1WaNny6sOvn-AcKlRdIzEgVStbRxmK3gGZKQjZuxcyUfY0MU1nzecTFvAtrIZQ';

describe('push on this device', () => {
  it('reads the server key as the 65 bytes pushManager.subscribe takes', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(KEY);
  });

  it('tells a subscription made with another server key, so it is made again', () => {
    const withKey = (key: Uint8Array<ArrayBuffer> | null) =>
      ({ options: { applicationServerKey: key?.buffer ?? null } }) as unknown as PushSubscription;
    expect(madeWithKey(withKey(keyBytes(KEY)), KEY)).toBe(true);
    const other = keyBytes(KEY);
    other[10] = (other[10] ?? 0) ^ 1;
    expect(madeWithKey(withKey(other), KEY)).toBe(false);
    expect(madeWithKey(withKey(null), KEY)).toBe(true);
  });
});

describe('this device in the devices list', () => {
  it('is named by the SHA-256 of its endpoint in base64url, as the service computes it', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:123';
    const { createHash } = await import('node:crypto');
    expect(await endpointHash(endpoint)).toBe(createHash('sha256').update(endpoint).digest('base64url'));
    expect(await endpointHash(endpoint)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
