import {
  type AttachedMedia,
  isDocumentType,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_POST_IMAGES,
  MEDIA_ERROR_CODES,
} from '@nashr/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { uploadImage } from '../../lib/api/media';
import { errorText } from '../../lib/error-text';
import { looksLikePdf, useComposerDocument } from './use-composer-document';

/** A file on its way up, or one the server refused (with the words saying why). */
export interface PendingUpload {
  key: string;
  name: string;
  status: 'uploading' | 'failed';
  error?: string;
}

/** The list with one image taken out and put back at `to` (the list itself when either is out of range). */
function moved(list: AttachedMedia[], id: string, to: number): AttachedMedia[] {
  const from = list.findIndex((m) => m.id === id);
  if (from < 0 || to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * The composer's images: files picked, dropped or pasted are uploaded one after another; the ones the
 * server kept join `media` (in order), the refused ones stay listed with the reason until
 * dismissed. What the browser can tell at once (too many, too large) is said without uploading;
 * what a file is, the server decides from its content.
 */
export function useComposerMedia(
  media: AttachedMedia[],
  setMedia: (update: (m: AttachedMedia[]) => AttachedMedia[]) => void,
) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const counter = useRef(0);
  // One upload at a time: the images join the post in the order they were picked.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const uploading = pending.filter((p) => p.status === 'uploading').length;
  // A PDF goes its own way: it waits for its title, and it is the post's only file.
  const document = useComposerDocument(media, setMedia);
  const hasDocument = media.some((item) => isDocumentType(item.contentType));

  const settle = useCallback(
    (key: string, change: Partial<PendingUpload> | null) =>
      setPending((list) =>
        change === null
          ? list.filter((p) => p.key !== key)
          : list.map((p) => (p.key === key ? { ...p, ...change } : p)),
      ),
    [],
  );

  const add = useCallback(
    (picked: File[]) => {
      const pdfs = picked.filter(looksLikePdf);
      const files = picked.filter((file) => !looksLikePdf(file));
      if (pdfs[0]) document.offer(pdfs[0]);
      let room = MAX_POST_IMAGES - media.length - uploading;
      const added: PendingUpload[] = [];
      for (const file of files) {
        counter.current += 1;
        const key = `upload-${counter.current}`;
        const refuse = (code: string, params: Record<string, string | number>) =>
          added.push({
            key,
            name: file.name,
            status: 'failed',
            error: errorText(new ApiError('', 400, [], code, params)),
          });
        if (hasDocument || document.waiting || pdfs.length) {
          refuse(MEDIA_ERROR_CODES.documentWithImages, {});
          continue;
        }
        if (room <= 0) {
          refuse(MEDIA_ERROR_CODES.tooMany, { limit: MAX_POST_IMAGES });
          continue;
        }
        if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
          refuse(MEDIA_ERROR_CODES.imageTooLarge, { limit: megabytes(MAX_IMAGE_UPLOAD_BYTES) });
          continue;
        }
        room -= 1;
        added.push({ key, name: file.name, status: 'uploading' });
        queue.current = queue.current.then(() =>
          uploadImage(file).then(
            (stored) => {
              setMedia((list) =>
                list.length >= MAX_POST_IMAGES
                  ? list
                  : [
                      ...list,
                      { id: stored.id, contentType: stored.contentType, width: stored.width, height: stored.height },
                    ],
              );
              settle(key, null);
            },
            (error: unknown) => settle(key, { status: 'failed', error: errorText(error) }),
          ),
        );
      }
      setPending((list) => [...list, ...added]);
    },
    [media.length, uploading, setMedia, settle, document, hasDocument],
  );

  return {
    pending,
    uploading: uploading > 0 || document.uploading,
    document,
    add,
    dismiss: (key: string) => settle(key, null),
    /** The composer starts a new post: the refusals of the last one go (an upload on its way still ends). */
    reset: () => {
      setPending((list) => list.filter((p) => p.status === 'uploading'));
      document.reset();
    },
    remove: (id: string) => setMedia((list) => list.filter((m) => m.id !== id)),
    move: (id: string, by: -1 | 1) => setMedia((list) => moved(list, id, list.findIndex((m) => m.id === id) + by)),
    /** Puts one image at a position (a drop after dragging it, by pointer or keyboard). */
    moveTo: (id: string, to: number) => setMedia((list) => moved(list, id, to)),
  };
}
export type ComposerMedia = ReturnType<typeof useComposerMedia>;
