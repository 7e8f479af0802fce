import type { ReactNode } from 'react';
import { useSession } from '../../api/auth';
import { AppLink } from '../app-link';

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
    <AppLink to="/billing" hash={PLAN_PICKER_HASH} className={className} testId={testId} title={title}>
      {children}
    </AppLink>
  ) : (
    <AppLink to="/signup" className={className} testId={testId} title={title}>
      {children}
    </AppLink>
  );
}
