import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../lib/api/auth';
import { useAddedPages } from '../../lib/api/linkedin';

/** Where this browser keeps whom each user last posted as: '' for the member, else a page's identity. */
const keyOf = (userId: string) => `nashr:post-as:${userId}`;

/**
 * Whom a new post starts as: the identity the user last posted or scheduled as in this browser,
 * while it is still one of their added pages; the member otherwise ('' ). Read after the first
 * render, so the server's screen is taken over unchanged. `remember` notes the identity of a
 * post that went out or was scheduled.
 */
export function useLastPostAs(): { last: string; remember: (identity: string) => void } {
  const userId = useSession().user?.id;
  const pages = useAddedPages();
  const [stored, setStored] = useState('');
  useEffect(() => {
    if (!userId) return;
    try {
      setStored(localStorage.getItem(keyOf(userId)) ?? '');
    } catch {
      // Storage refused (a private window): every post starts as the member.
    }
  }, [userId]);
  const remember = useCallback(
    (identity: string) => {
      setStored(identity);
      if (!userId) return;
      try {
        localStorage.setItem(keyOf(userId), identity);
      } catch {
        // Not kept between visits; this visit still remembers it.
      }
    },
    [userId],
  );
  return { last: pages.some((page) => page.identity === stored) ? stored : '', remember };
}
