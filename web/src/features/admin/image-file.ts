import { ALLOWED_IMAGE_TYPES, type AllowedImageType, checkImageValue, MAX_IMAGE_BYTES } from '@nashr/contracts';

/** Value of the file input's `accept`: the picker offers only what the service accepts. */
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

export type ImageRefusal =
  | { reason: 'wrongType' }
  | { reason: 'tooLarge'; size: number }
  | { reason: 'invalid' }
  | { reason: 'readFailed' };

/** Refuses a file before it is read: wrong type or over the size limit. */
export function refuseBeforeReading(file: Pick<File, 'type' | 'size'>): ImageRefusal | null {
  if (!ALLOWED_IMAGE_TYPES.includes(file.type as AllowedImageType)) return { reason: 'wrongType' };
  if (file.size > MAX_IMAGE_BYTES) return { reason: 'tooLarge', size: file.size };
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Reads an image file as a data URL, checked by the same rule the service applies (a renamed
 * file whose bytes are not the image it claims to be is refused here already).
 */
export async function readImageFile(
  file: File,
): Promise<{ ok: true; dataUrl: string } | { ok: false; refusal: ImageRefusal }> {
  const early = refuseBeforeReading(file);
  if (early) return { ok: false, refusal: early };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file);
  } catch {
    return { ok: false, refusal: { reason: 'readFailed' } };
  }
  if (!checkImageValue(dataUrl).ok) return { ok: false, refusal: { reason: 'invalid' } };
  return { ok: true, dataUrl };
}
