import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

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
    <Link to="/signup" className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
