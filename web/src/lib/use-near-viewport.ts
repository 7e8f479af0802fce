import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. Lets a
 * screen fetch the code of something heavy below the fold (a chart) only when it is about to be
 * seen. Without IntersectionObserver (old browsers, tests) it is true once mounted.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  // False on the first render wherever it runs, so a screen rendered on the server is taken over
  // by the browser as it is.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
