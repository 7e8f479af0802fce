import {
  type AttachedMedia,
  isDocumentType,
  MAX_DOCUMENT_UPLOAD_BYTES,
  MEDIA_DOCUMENT_TYPE,
  MEDIA_ERROR_CODES,
} from '@nashr/contracts';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { uploadDocument } from '../../lib/api/media';
import { errorText } from '../../lib/error-text';

/** Whether a picked file looks like a PDF (the server decides from its content what it really is). */
export const looksLikePdf = (file: File) => file.type === MEDIA_DOCUMENT_TYPE || /\.pdf$/i.test(file.name);

/** The name of a file without its extension: what a title starts as. */
const titleFromName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * The composer's document (one PDF, shown by the feed as a carousel): a picked PDF waits for its
 * title, then is uploaded and becomes the post's only attachment. What the browser can tell at
 * once (too large, a second document, images already there) is said without uploading.
 */
export function useComposerDocument(
  media: AttachedMedia[],
  setMedia: (update: (m: AttachedMedia[]) => AttachedMedia[]) => void,
) {
  const [waiting, setWaiting] = useState<{ file: File; title: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ name: string; message: string } | null>(null);

  const refuse = (file: File, code: string, params: Record<string, string | number> = {}) =>
    setError({ name: file.name, message: errorText(new ApiError('', 400, [], code, params)) });

  /** A PDF was picked, dropped or pasted: asks for its title, unless it cannot go with the post. */
  const offer = (file: File) => {
    setError(null);
    if (media.some((item) => isDocumentType(item.contentType)) || waiting || uploading) {
      return refuse(file, MEDIA_ERROR_CODES.tooManyDocuments);
    }
    if (media.length) return refuse(file, MEDIA_ERROR_CODES.documentWithImages);
    if (file.size > MAX_DOCUMENT_UPLOAD_BYTES) {
      return refuse(file, MEDIA_ERROR_CODES.documentTooLarge, { limit: megabytes(MAX_DOCUMENT_UPLOAD_BYTES) });
    }
    setWaiting({ file, title: titleFromName(file.name) });
  };

  const upload = useCallback(
    async (title: string) => {
      if (!waiting) return;
      const { file } = waiting;
      setUploading(true);
      try {
        const stored = await uploadDocument(file, title.trim());
        setWaiting(null);
        // A file named .pdf that is really an image joins the images (the content decides).
        setMedia((list) =>
          list.some((item) => isDocumentType(item.contentType)) || (stored.kind === 'document' && list.length > 0)
            ? list
            : [
                ...list,
                {
                  id: stored.id,
                  contentType: stored.contentType,
                  width: stored.width,
                  height: stored.height,
                  ...(stored.title ? { title: stored.title } : {}),
                  ...(stored.pageCount ? { pageCount: stored.pageCount } : {}),
                },
              ],
        );
      } catch (failure) {
        setError({ name: file.name, message: errorText(failure) });
        // A refused title can be corrected; a refused file cannot.
        if (!(failure instanceof ApiError && failure.code === MEDIA_ERROR_CODES.documentTitleRequired)) {
          setWaiting(null);
        }
      } finally {
        setUploading(false);
      }
    },
    [waiting, setMedia],
  );

  return {
    /** The PDF waiting for its title, if any. */
    waiting,
    uploading,
    error,
    offer,
    upload,
    cancel: () => setWaiting(null),
    dismiss: () => setError(null),
    /** The composer starts a new post: no PDF waits for its title, and no refusal is left. */
    reset: () => {
      setWaiting(null);
      setError(null);
    },
  };
}
export type ComposerDocument = ReturnType<typeof useComposerDocument>;
