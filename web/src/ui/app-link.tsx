import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/** A click that opens the link in this tab (not a new tab or window, not a download). */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Screens the landing page links to. */
export type AppLinkTarget = '/signup' | '/billing' | '/terms' | '/privacy';

/**
 * A link to another screen that is a plain `<a href>`: the landing page is rendered to HTML on the
 * server (no router there) and hydrated without one, where it simply loads the next page. Inside
 * the app's router (the landing page reached from another screen) it navigates without a reload,
 * as the router's own `Link` would.
 */
export function AppLink({
  to,
  hash,
  className,
  children,
  testId,
  title,
}: {
  to: AppLinkTarget;
  hash?: string;
  className?: string;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  const router = useRouter({ warn: false });
  return (
    <a
      href={hash ? `${to}#${hash}` : to}
      className={className}
      data-testid={testId}
      title={title}
      onClick={(event) => {
        if (!router || !isPlainClick(event)) return;
        event.preventDefault();
        void router.navigate({ to, hash });
      }}
    >
      {children}
    </a>
  );
}
