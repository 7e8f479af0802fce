import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../../api/auth';

/** Where the plan picker sits on the Billing page. */
export const PLAN_PICKER_HASH = 'plans';

/**
 * Every Premium, 'Join Premium', 'Go Premium' and '7-Day Free Trial' button: signed in, it opens
 * the plan picker; a visitor is sent to sign up first (a new account starts its trial there).
 */
export function PremiumLink({
  className,
  children,
  testId,
  title,
}: {
  className?: string;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  const { user } = useSession();
  return user ? (
    <Link to="/billing" hash={PLAN_PICKER_HASH} className={className} data-testid={testId} title={title}>
      {children}
    </Link>
  ) : (
    <Link to="/signup" className={className} data-testid={testId} title={title}>
      {children}
    </Link>
  );
}
