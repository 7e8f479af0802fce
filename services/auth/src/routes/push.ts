import { createHash } from 'node:crypto';
import { API, MAX_PUSH_SUBSCRIPTIONS, PUSH_ERROR_CODES } from '@nashr/contracts';
import {
  AppError,
  identityOf,
  isLoopbackUrl,
  type PublicAddressRefusal,
  publicAddressRefusal,
  route,
  type ServiceApp,
} from '@nashr/platform';
import type { PushStore } from '../push/push-store.js';
import type { VapidKeySource } from '../push/vapid.js';
import { deviceOf } from '../sessions/device.js';

export interface PushRouteDeps {
  push: PushStore;
  vapid: VapidKeySource;
  production: boolean;
}

const REFUSALS: Record<PublicAddressRefusal, string> = {
  malformed: 'A push service address must be public',
  not_https: 'A push service address must be https',
  credentials: 'A push service address carries no credentials',
  unresolved: 'A push service address must be public',
  not_public: 'A push service address must be public',
};

/**
 * Why the worker must not post to this address, or null. Browsers' push services are public https
 * hosts; anything else would make the worker post to where the caller chose (another machine of
 * ours, say). In production the host is resolved and each of its addresses must be public (the
 * shared check of webhooks). Outside production plain http is for a push service stand-in on this
 * machine, and names are not resolved.
 */
export async function endpointRefusal(endpoint: string, production: boolean): Promise<string | null> {
  if (production) {
    const refusal = await publicAddressRefusal(endpoint);
    return refusal ? REFUSALS[refusal] : null;
  }
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !isLoopbackUrl(endpoint)) return REFUSALS.not_https;
  if (url.username || url.password) return REFUSALS.credentials;
  return null;
}

/** A name for the device, from the browser that registers it (`Chrome on Android`). */
function labelOf(userAgent: string | undefined): string | null {
  const { browser, os } = deviceOf(userAgent);
  return [browser, os].filter(Boolean).join(' on ') || null;
}

/** What the web app sends to have its own device marked: SHA-256 of its endpoint, base64url. */
export const endpointHashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** Turning push notifications on and off on one device, and the key a browser subscribes with. */
export function pushRoutes(app: ServiceApp, deps: PushRouteDeps): void {
  route(app, API.notifications.pushKey, { checkResponses: true }, async () => {
    const { publicKey } = await deps.vapid.keys();
    return { success: true as const, data: { publicKey } };
  });

  route(app, API.notifications.subscribePush, { checkResponses: true }, async (request) => {
    const { userId } = identityOf(request);
    const refusal = await endpointRefusal(request.body.endpoint, deps.production);
    if (refusal) {
      throw new AppError('BAD_REQUEST', refusal, { code: PUSH_ERROR_CODES.endpointRefused });
    }
    const outcome = await deps.push.register(userId, request.body, labelOf(request.headers['user-agent']));
    if (outcome === 'limit_reached') {
      throw new AppError(
        'CONFLICT',
        `An account may receive push notifications on at most ${MAX_PUSH_SUBSCRIPTIONS} devices: turn them off on one first`,
        { code: PUSH_ERROR_CODES.limitReached, params: { max: MAX_PUSH_SUBSCRIPTIONS } },
      );
    }
    if (outcome === 'taken') {
      throw new AppError('CONFLICT', 'This device receives push notifications for another account', {
        code: PUSH_ERROR_CODES.endpointTaken,
      });
    }
    request.log.info({ userId, host: new URL(request.body.endpoint).host }, 'push notifications on for a device');
    return { success: true as const, message: 'Push notifications are on for this device' };
  });

  route(app, API.notifications.unsubscribePush, { checkResponses: true }, async (request) => {
    const { userId } = identityOf(request);
    if (!(await deps.push.remove(userId, request.body.endpoint))) {
      throw new AppError('NOT_FOUND', 'This device does not receive push notifications for this account', {
        code: PUSH_ERROR_CODES.notFound,
      });
    }
    request.log.info({ userId }, 'push notifications off for a device');
    return { success: true as const, message: 'Push notifications are off for this device' };
  });

  route(app, API.notifications.pushDevices, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const { endpointHash } = request.query;
    reply.header('cache-control', 'no-store');
    const devices = await deps.push.listOf(userId);
    return {
      success: true as const,
      data: {
        // The same fields as 'Download my data' gives, with the id to remove one by.
        devices: devices.map((device) => ({
          id: device.id,
          label: device.label,
          current: endpointHash !== undefined && endpointHashOf(device.endpoint) === endpointHash,
          createdAt: device.createdAt.toISOString(),
          lastDeliveredAt: device.lastSuccessAt?.toISOString() ?? null,
        })),
      },
    };
  });

  route(app, API.notifications.removePushDevice, { checkResponses: true }, async (request) => {
    const { userId } = identityOf(request);
    // Only the caller's own devices are searched: another user's id is simply not found.
    if (!(await deps.push.removeById(userId, request.params.id))) {
      throw new AppError('NOT_FOUND', 'This device does not receive push notifications for this account', {
        code: PUSH_ERROR_CODES.notFound,
      });
    }
    request.log.info(
      { userId, subscriptionId: request.params.id },
      'push notifications off for a device, from the list',
    );
    return { success: true as const, message: 'Push notifications are off for this device' };
  });
}
