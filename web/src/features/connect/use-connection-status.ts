import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/api/auth';
import { CONNECTED_CHANNEL, LINKEDIN_CONNECTED } from '../../lib/api/linkedin';
import { openConnectPopup } from './popup';

/** The auth service learns of the connection through an event: /me turns true shortly after. */
const CONFIRM_INTERVAL_MS = 1_000;
const CONFIRM_ATTEMPTS = 20;

export function isConnectedMessage(event: MessageEvent, origin = window.location.origin): boolean {
  // Spec section 4: only a message from this very origin counts.
  if (event.origin !== origin) return false;
  const data = event.data as { type?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === LINKEDIN_CONNECTED;
}

/**
 * The connect screen's state (spec section 4, connection status): Connected once the session
 * says so, or as soon as the sign-in popup announces it (or the tab comes back from the sign-in
 * screen); the session is then fetched again until the server agrees.
 */
export function useConnectionStatus({ returned }: { returned: boolean }) {
  const queryClient = useQueryClient();
  const { user, refetch } = useSession();
  const confirmed = Boolean(user?.linkedinConnected);
  const [announced, setAnnounced] = useState(returned);
  const [gaveUp, setGaveUp] = useState(false);
  const [round, setRound] = useState(0);
  const popupRef = useRef<Window | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);

  useEffect(() => {
    const connected = () => {
      setAnnounced(true);
      popupRef.current?.close();
      popupRef.current = null;
      setPopupOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['linkedin'] });
    };
    const onMessage = (event: MessageEvent) => {
      if (isConnectedMessage(event)) connected();
    };
    window.addEventListener('message', onMessage);
    // The popup back from the network's own page speaks on this origin's channel (see CONNECTED_CHANNEL).
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CONNECTED_CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type === LINKEDIN_CONNECTED) connected();
    });
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [queryClient]);

  // `round` restarts the confirmation when the user asks again after it gave up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is a restart trigger
  useEffect(() => {
    if (!announced || confirmed) return;
    setGaveUp(false);
    let attempts = 1;
    void refetch();
    const timer = window.setInterval(() => {
      if (attempts >= CONFIRM_ATTEMPTS) {
        window.clearInterval(timer);
        setGaveUp(true);
        return;
      }
      attempts += 1;
      void refetch();
    }, CONFIRM_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [announced, confirmed, refetch, round]);

  // A popup closed without connecting simply ends the "window is open" state.
  useEffect(() => {
    if (!popupOpen) return;
    const timer = window.setInterval(() => {
      if (!popupRef.current || popupRef.current.closed) {
        popupRef.current = null;
        setPopupOpen(false);
      }
    }, 500);
    return () => window.clearInterval(timer);
  }, [popupOpen]);

  /** Opens the popup; false when the browser blocked it. */
  const openPopup = useCallback((path?: string): boolean => {
    if (popupRef.current && !popupRef.current.closed) {
      popupRef.current.focus();
      return true;
    }
    const popup = openConnectPopup(path);
    if (!popup) return false;
    popupRef.current = popup;
    setPopupOpen(true);
    return true;
  }, []);

  return {
    user,
    connected: confirmed || announced,
    confirmed,
    gaveUp,
    retryConfirm: useCallback(() => setRound((value) => value + 1), []),
    openPopup,
    popupOpen,
  };
}
