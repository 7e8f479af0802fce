import type { ReactNode } from 'react';
import { useSession } from '../../lib/api/auth';
import { AppLink } from '../../ui/app-link';

/** Where the plan picker sits on the Billing page. */
export const PLAN_PICKER_HASH = 'plans';

/**
 * Every button to the plans (the header's, the upsells', the trial banner's, the landing page's plan cards): signed in, it opens
 * the plan picker; a visitor is sent to sign up first (a new account starts its trial there).
 */
export function PlansLink({
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
