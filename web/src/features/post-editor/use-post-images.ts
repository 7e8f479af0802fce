import type { AttachedMedia } from '@nashr/contracts';
import { useState } from 'react';
import { useComposerMedia } from './use-composer-media';

/**
 * A post form's images (the schedule and edit dialogs): the list, starting from the images given
 * when the form opened, its upload/remove/reorder controls for the MediaPicker, the ids in order
 * to send, and whether they differ from where they started (order included).
 */
export function usePostImages(initial: AttachedMedia[] = []) {
  const [start] = useState(initial);
  const [media, setMedia] = useState<AttachedMedia[]>(initial);
  const controls = useComposerMedia(media, setMedia);
  const ids = media.map((m) => m.id);
  const changed = ids.join() !== start.map((m) => m.id).join();
  return { media, ids, changed, controls, uploading: controls.uploading };
}
export type PostImages = ReturnType<typeof usePostImages>;
