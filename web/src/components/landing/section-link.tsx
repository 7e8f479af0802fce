import type { MouseEvent, ReactNode } from 'react';
import { type SectionId, scrollToSection } from './sections';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** An in-page link: a real `#anchor` (copyable, works without script) that scrolls smoothly. */
export function SectionLink({
  to,
  className,
  children,
  onNavigate,
}: {
  to: SectionId;
  className?: string;
  children: ReactNode;
  /** Runs instead of scrolling at once, e.g. to close the mobile menu first. */
  onNavigate?: (to: SectionId) => void;
}) {
  return (
    <a
      href={`#${to}`}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (onNavigate) onNavigate(to);
        else scrollToSection(to);
      }}
    >
      {children}
    </a>
  );
}
