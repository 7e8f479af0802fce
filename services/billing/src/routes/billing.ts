import { API, BILLING_ERROR_CODES, BILLING_ERROR_MESSAGES } from '@nashr/contracts';
import { AppError, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { EntitlementStore } from '../entitlements.js';
import { PLAN_LIST, PLANS } from '../plans.js';
import type { BillingProvider } from '../providers/types.js';
import type { Webhooks } from '../webhooks.js';

export interface BillingRouteDeps {
  store: EntitlementStore;
  provider: BillingProvider;
  webhooks: Webhooks;
  publicUrl: string;
}

export function billingRoutes(app: ServiceApp, { store, provider, webhooks, publicUrl }: BillingRouteDeps): void {
  route(app, API.billing.plans, { checkResponses: true }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { success: true as const, plans: [...PLAN_LIST] };
  });

  route(app, API.billing.me, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, entitlement: await store.view(identityOf(request).userId) };
  });

  // The price is the plan's: the caller names a plan, never an amount.
  route(app, API.billing.checkout, {}, async (request) => {
    const { userId } = identityOf(request);
    const row = await store.row(userId);
    // Checked here to say so early; completing a checkout checks again (a checkout opened before
    // subscribing must not become a second subscription), and a paid checkout whose subscription
    // has not arrived yet counts as subscribed.
    if (store.subscribed(row) || (await store.paymentPending(userId))) {
      throw new AppError('CONFLICT', BILLING_ERROR_MESSAGES.alreadySubscribed, {
        code: BILLING_ERROR_CODES.alreadySubscribed,
      });
    }
    const plan = PLANS[request.body.planId];
    const { url, id } = await provider.createCheckout({
      userId,
      plan: { ...plan, id: request.body.planId },
      customerId: row?.provider === provider.name ? row.customerId : null,
      successUrl: `${publicUrl}/billing?checkout=done`,
      cancelUrl: `${publicUrl}/billing?checkout=cancelled`,
    });
    // The newest checkout is the only one that can complete: any other the user opened is void.
    const replaced = await store.openCheckout(userId, id, request.body.planId);
    if (replaced && provider.expireCheckout) {
      // Closed at the provider too, so its page takes no money; if that fails, completing it is
      // still refused (and its subscription cancelled).
      await provider.expireCheckout(replaced).catch((error: unknown) => {
        request.log.warn({ err: error, checkoutId: replaced }, 'could not expire a replaced checkout');
      });
    }
    return { success: true as const, url };
  });

  route(app, API.billing.portal, {}, async (request) => {
    const { userId } = identityOf(request);
    const row = await store.row(userId);
    if (!row?.customerId || row.provider !== provider.name) {
      throw new AppError('CONFLICT', BILLING_ERROR_MESSAGES.noSubscription, {
        code: BILLING_ERROR_CODES.noSubscription,
      });
    }
    const { url } = await provider.createPortal({
      userId,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      returnUrl: `${publicUrl}/billing`,
    });
    return { success: true as const, url };
  });

  // The signature covers the raw bytes: this route reads its body unparsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(scope, API.billing.webhook, { bodyCheck: 'handler', bodyLimit: 1024 * 1024 }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate } = await webhooks.receive(request.params.provider, raw, request.headers, request.id);
      request.log.info({ provider: request.params.provider, duplicate }, 'billing webhook received');
      return { received: true as const, duplicate };
    });
  });
}
