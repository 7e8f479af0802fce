/**
 * This browser's push subscription: whether it can have one, the app's service worker it hangs
 * on, and forgetting it at sign-out. The notifications feature turns push on and off with these;
 * sign-out (lib/api/auth) forgets it, so the next person signing in on the device is not told of
 * the previous one's posts.
 */
import { notificationsApi } from './api/catalogue';
import { send } from './api/client';

/** How long to wait for the service worker to be active before saying push is unavailable. */
const WORKER_WAIT_MS = 3_000;

/** The browser has the pieces of Web Push (service workers, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/**
 * The app's active service worker registration, or null when there is none within a few seconds
 * (the app registers /sw.js once the page has loaded, so a first visit waits for it; a browser
 * that refuses workers, or a build without one, never gets one). `serviceWorker.ready` alone would
 * wait for ever.
 */
export async function appWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return within(navigator.serviceWorker.ready, WORKER_WAIT_MS);
}

/** This browser's subscription, when it has one: at once (no worker registered, no subscription either). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** SHA-256 of a push endpoint in base64url: how the devices list is told which device is this one. */
export async function endpointHash(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  let text = '';
  for (const byte of digest) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A base64url key (the server's VAPID key) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether the subscription was made with this server key (a changed key needs a new subscription). */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  if (!key) return true;
  const have = new Uint8Array(key);
  const want = keyBytes(publicKey);
  return have.length === want.length && have.every((byte, i) => byte === want[i]);
}

/**
 * Stops push on this device: the server forgets it (while the session still exists), then the
 * browser drops the subscription. Bounded and quiet: signing out never waits on it for long nor
 * fails because of it.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  const forget = async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await send(notificationsApi.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  };
  await within(
    forget().catch(() => undefined),
    WORKER_WAIT_MS * 2,
  );
}
