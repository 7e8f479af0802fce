import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../api/auth';
import { LoadingScreen } from '../components/loading-screen';
import { type GateRule, redirectFor } from './rules';

/**
 * Shows the loading screen until the session check answers (spec section 2), then either the
 * screen or a redirect by the screen's rule. Without a rule the screen only waits for the check.
 */
export function SessionGate({ rule, children }: { rule?: GateRule; children: ReactNode }) {
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  const target = rule ? redirectFor(rule, user) : null;
  if (target) return <Navigate to={target} replace />;
  return children;
}
