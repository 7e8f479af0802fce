import type { ReactNode } from 'react';
import { isPlainClick } from '../../ui/app-link';
import { type SectionId, scrollToSection } from './sections';

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
