import { API, type Media, mediaResponseSchema, urlOf } from '@nashr/contracts';
import { ApiError, errorFromAnswer, REQUEST_TIMEOUT_MS } from './client';

/** Where the browser shows one of the user's images (as stored: re-encoded, without metadata). */
export const mediaUrl = (id: string) => urlOf(API.media.file, { id });
/** Its thumbnail, for the lists and cards. */
export const thumbnailUrl = (id: string) => urlOf(API.media.thumbnail, { id });

/**
 * `POST /api/v1/media`: sends the file itself as the body. The server decides what it is from
 * its content; a refusal throws an ApiError with its code (`media.unsupported_type`...).
 */
export async function uploadImage(file: Blob, signal?: AbortSignal): Promise<Media> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS * 2);
  let response: Response;
  try {
    response = await fetch(urlOf(API.media.upload), {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      body: file,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromAnswer(response.status, payload, `The server answered ${response.status}`);
  const parsed = mediaResponseSchema.safeParse(payload);
  if (!parsed.success) throw errorFromAnswer(200, payload, 'The server answered in an unexpected shape');
  return parsed.data.data;
}
