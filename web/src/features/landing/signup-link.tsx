import type { ReactNode } from 'react';
import { AppLink } from '../../ui/app-link';

/** A link to the sign-up screen; every "start" button of the landing page goes through it. */
export function SignupLink({
  className,
  children,
  testId,
}: {
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <AppLink to="/signup" className={className} testId={testId}>
      {children}
    </AppLink>
  );
}
