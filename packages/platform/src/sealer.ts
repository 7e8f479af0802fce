import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte AES-256-GCM key, written as base64 (`openssl rand -base64 32`). */
export const encryptionKeySchema = z
  .string()
  .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'must be 32 bytes written as base64 (openssl rand -base64 32)',
  });

/**
 * Seals short secrets (the network's account ids) with AES-256-GCM. Each value is bound to a
 * context string (the owner's user id), so a sealed value copied to another user's row does not
 * open there.
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new Error('Unknown sealed value format');
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
