import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sealer } from './sealer.js';

const sealer = new Sealer(randomBytes(32).toString('base64'));

describe('sealer', () => {
  it('seals with a fresh nonce and opens for the same context', () => {
    const a = sealer.seal('acc_123', 'user-1');
    const b = sealer.seal('acc_123', 'user-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('acc_123');
    expect(sealer.open(a, 'user-1')).toBe('acc_123');
  });

  it('refuses another context, another key and tampered values', () => {
    const sealed = sealer.seal('acc_123', 'user-1');
    expect(() => sealer.open(sealed, 'user-2')).toThrow();
    expect(() => new Sealer(randomBytes(32).toString('base64')).open(sealed, 'user-1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => sealer.open(`v1.${raw.toString('base64url')}`, 'user-1')).toThrow();
  });
});
