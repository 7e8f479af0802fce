import { type ReactNode, Suspense, useRef } from 'react';
import { type NearSize, useNearViewport } from '../lib/use-near-viewport';

/**
 * A chart's box, its height fixed by `className` so nothing below moves when the drawing arrives:
 * empty until it comes near the viewport, then drawn (by `children`, whose code may come lazily) at
 * the box's size. Given that size from the start (`initialDimension`), recharts draws the chart once,
 * in React's short tasks, instead of a second time in one long task after measuring the box itself.
 */
export function ChartBox({ className, children }: { className: string; children: (size: NearSize) => ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const size = useNearViewport(box);
  return (
    // The same numbers are read out as a table beside the chart.
    <div ref={box} className={className} aria-hidden="true" dir="ltr">
      {size && <Suspense fallback={null}>{children(size)}</Suspense>}
    </div>
  );
}
