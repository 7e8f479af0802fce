import { type RefObject, startTransition, useEffect, useState } from 'react';

/** An element's size when it came near the viewport, in whole pixels. */
export interface NearSize {
  width: number;
  height: number;
}

/**
 * The element's size once it has come within `margin` of the viewport (null until then), and from
 * then on. Lets a screen fetch and draw something heavy below the fold (a chart) only when it is
 * about to be seen. The size comes with the observer's notice (no layout is forced to read it),
 * and what the change renders is a transition, which React renders in short tasks. Without
 * IntersectionObserver (old browsers, tests) it is the size once mounted.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): NearSize | null {
  // Null on the first render wherever it runs, so a screen rendered on the server is taken over
  // by the browser as it is.
  const [size, setSize] = useState<NearSize | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (size || !element) return;
    const near = (rect: DOMRectReadOnly) =>
      startTransition(() => setSize({ width: Math.round(rect.width), height: Math.round(rect.height) }));
    if (typeof IntersectionObserver === 'undefined') {
      near(element.getBoundingClientRect());
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((candidate) => candidate.isIntersecting);
        if (entry) near(entry.boundingClientRect);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, size]);
  return size;
}
