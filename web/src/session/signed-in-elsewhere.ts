import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { sessionQuery } from '../lib/api/auth';
import { afterSignIn } from './pending-invitation';
import { SESSION_CHANNEL } from './session-broadcast';

/** A sign-in link opened on another device tells no tab of this one: the page asks the server too. */
const POLL_MS = 3_000;

/**
 * For a screen that waits for the sign-in link ('check your email'): once this browser is signed
 * in as `email`, in another tab or by the link itself, the screen goes on to the next step (or
 * back to the invitation the sign-in started from) by itself. Someone still signed in as another
 * address waits for the new link instead.
 */
export function useContinueWhenSignedIn(email: string | null): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: user } = useQuery({ ...sessionQuery, refetchInterval: POLL_MS, refetchOnWindowFocus: 'always' });

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = () => void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    return () => channel.close();
  }, [client]);

  useEffect(() => {
    if (!user?.email || (email && user.email.toLowerCase() !== email.toLowerCase())) return;
    void navigate({ ...afterSignIn(user), replace: true });
  }, [user, email, navigate]);
}
