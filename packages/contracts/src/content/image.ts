import { z } from 'zod';

export const MAX_IMAGE_BYTES = 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;
/** Images shipped with the web app (seeded content) are referenced by a site-relative path. */
const SITE_PATH = /^\/[a-zA-Z0-9/_.-]{1,200}$/;

/** The first bytes each allowed format starts with, so a renamed file cannot pass as an image. */
const SIGNATURES: Record<AllowedImageType, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  'image/webp': (b) =>
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45,
};

function base64Head(payload: string, bytes: number): Uint8Array {
  const chunk = payload.slice(0, Math.ceil(bytes / 3) * 4);
  const binary = atob(chunk);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function decodedBase64Size(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

export type ImageCheck = { ok: true } | { ok: false; message: string };

/** Checks an image field value: empty, a shipped asset path, or a small PNG/JPEG/WebP/GIF data URL. */
export function checkImageValue(value: string): ImageCheck {
  if (value === '' || SITE_PATH.test(value)) return { ok: true };
  const match = DATA_URL.exec(value);
  if (!match) {
    return { ok: false, message: 'Images must be uploaded as PNG, JPEG, WebP or GIF files' };
  }
  const [, type = '', payload = ''] = match;
  if (!ALLOWED_IMAGE_TYPES.includes(type as AllowedImageType)) {
    return { ok: false, message: `Images of type ${type} are not accepted: use PNG, JPEG, WebP or GIF` };
  }
  if (decodedBase64Size(payload) > MAX_IMAGE_BYTES) {
    return { ok: false, message: 'Each image must be 1 MB or smaller' };
  }
  const head = base64Head(payload, 12);
  if (!SIGNATURES[type as AllowedImageType](head)) {
    return { ok: false, message: `The uploaded file is not a valid ${type.replace('image/', '').toUpperCase()} image` };
  }
  return { ok: true };
}

export const imageFieldSchema = z.string().superRefine((value, ctx) => {
  const result = checkImageValue(value);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
});
