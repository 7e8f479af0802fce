import { LINK_PATHS, type Media, urlOf } from '@nashr/contracts';
import { workspaceHeaders } from '../../session/current-workspace';
import { mediaApi } from './catalogue';
import { ApiError, endpointOf, errorFromAnswer, REQUEST_TIMEOUT_MS, successSchemaOf } from './client';

/** Where the browser shows one of the user's images (as stored: re-encoded, without metadata). */
export const mediaUrl = (id: string) => urlOf({ path: LINK_PATHS.mediaFile }, { id });
/** Its thumbnail, for the lists and cards. */
export const thumbnailUrl = (id: string) => urlOf({ path: LINK_PATHS.mediaThumbnail }, { id });

/**
 * `POST /api/v1/media`: sends the file itself as the body. The server decides what it is from
 * its content; a refusal throws an ApiError with its code (`media.unsupported_type`...).
 */
export async function uploadImage(file: Blob, signal?: AbortSignal, title?: string): Promise<Media> {
  // A 20 MB document takes longer to send than an image.
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS * (title === undefined ? 2 : 6));
  const endpoint = await endpointOf(mediaApi.upload);
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, undefined, title === undefined ? undefined : { title }), {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...workspaceHeaders(),
      },
      body: file,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromAnswer(response.status, payload, `The server answered ${response.status}`);
  const parsed = successSchemaOf(endpoint)?.safeParse(payload);
  if (!parsed?.success) throw errorFromAnswer(200, payload, 'The server answered in an unexpected shape');
  return (parsed.data as { data: Media }).data;
}

/** A PDF document for a post (shown by the feed as a carousel), with the title the feed shows above it. */
export const uploadDocument = (file: Blob, title: string, signal?: AbortSignal) => uploadImage(file, signal, title);
