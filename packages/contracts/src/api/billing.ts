import { z } from 'zod';
import {
  BILLING_ERROR_CODES,
  checkoutRequestSchema,
  entitlementResponseSchema,
  plansResponseSchema,
  redirectResponseSchema,
} from '../billing/index.js';
import { defineEndpoint } from './define.js';
import { exportPart } from './export-part.js';

const sessionParams = z.object({ sessionId: z.string().min(8).max(100).describe('The checkout or portal session') });
const page = { 200: { description: 'The page', contentType: 'text/html' } };
const redirect = { 303: { description: 'Back to the Billing page' } };

/** Plans, the caller's entitlement, subscribing and managing the subscription. */
export const billingApi = {
  userEntitlement: defineEndpoint({
    method: 'GET',
    path: '/api/v1/billing/admin/users/{userId}',
    owner: 'billing',
    access: 'admin',
    summary: "A user's plan, its status and period, for the admin area",
    description: 'An account that billing has not heard of yet reads as the trial it is about to start.',
    params: z.object({ userId: z.string().uuid('The user id must be a UUID') }),
    responses: { 200: { description: 'The entitlement', schema: entitlementResponseSchema } },
  }),
  plans: defineEndpoint({
    method: 'GET',
    path: '/api/v1/billing/plans',
    owner: 'billing',
    access: 'visitor',
    summary: 'The plans on offer, with their prices and limits',
    responses: { 200: { description: 'Every plan, the trial first', schema: plansResponseSchema } },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/v1/billing/me',
    owner: 'billing',
    access: 'signed-in',
    summary: "The caller's plan, its status and period",
    description: 'An account that billing has not heard of yet reads as the trial it is about to start.',
    responses: { 200: { description: 'The entitlement', schema: entitlementResponseSchema } },
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/checkout',
    owner: 'billing',
    access: 'signed-in',
    summary: 'Start subscribing to a plan',
    description:
      "Answers the payment provider's checkout page to send the browser to. The price is the plan's, never the caller's.",
    body: checkoutRequestSchema,
    responses: { 200: { description: 'Where to pay', schema: redirectResponseSchema } },
    errors: { 409: [BILLING_ERROR_CODES.alreadySubscribed], 503: [BILLING_ERROR_CODES.providerUnavailable] },
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/portal',
    noBody: true,
    owner: 'billing',
    access: 'signed-in',
    summary: 'Open the page where the subscription is managed (card, plan, cancellation)',
    responses: { 200: { description: 'Where to manage it', schema: redirectResponseSchema } },
    errors: { 409: [BILLING_ERROR_CODES.noSubscription], 503: [BILLING_ERROR_CODES.providerUnavailable] },
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/webhooks/{provider}',
    owner: 'billing',
    access: 'visitor',
    summary: "A payment provider's webhook",
    description:
      "Verified by the provider's signature over the raw body, and applied at most once by the event's id; an event older than the state it would change is recorded and ignored.",
    params: z.object({ provider: z.string().min(1).max(40).describe('The payment provider, e.g. test-payments') }),
    rawBody: {
      contentType: 'application/json',
      description: 'The event as the provider sent and signed it',
      schema: { type: 'object' },
    },
    responses: {
      200: { description: 'Received', schema: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
    },
    // 503: an invoice event whose subscription could not be read from the provider (it retries).
    errors: { 400: [BILLING_ERROR_CODES.webhookInvalid], 503: [BILLING_ERROR_CODES.providerUnavailable] },
  }),
  testCheckoutPage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/billing/test-payments/checkout/{sessionId}',
    owner: 'billing',
    access: 'signed-in',
    summary: 'The test-payments checkout page (offline provider; no money moves)',
    description:
      "The user's own checkout that is already paid, or replaced by a newer one, redirects to the Billing page with `checkout=done`, or `checkout=refused` and the error `code`.",
    params: sessionParams,
    responses: { ...page, ...redirect },
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  testCheckoutPay: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/test-payments/checkout/{sessionId}/pay',
    noBody: true,
    owner: 'billing',
    access: 'signed-in',
    summary: 'Complete a test-payments checkout (a form post from its page)',
    description:
      "Completes only the user's open checkout while the user has no subscription; a second click shows the first one's outcome. A refusal redirects to the Billing page with `checkout=refused` and the error `code` (`billing.checkout_stale`, `billing.already_subscribed`); another user's or an unknown checkout is a 404.",
    params: sessionParams,
    responses: redirect,
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  testPortalPage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/billing/test-payments/portal/{sessionId}',
    owner: 'billing',
    access: 'signed-in',
    summary: 'The test-payments portal page',
    params: sessionParams,
    responses: page,
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  testPortalCancel: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/test-payments/portal/{sessionId}/cancel',
    noBody: true,
    owner: 'billing',
    access: 'signed-in',
    summary: 'Cancel the test subscription at the end of its period (a form post from the portal page)',
    params: sessionParams,
    responses: redirect,
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  testPortalFail: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/test-payments/portal/{sessionId}/fail',
    noBody: true,
    owner: 'billing',
    access: 'signed-in',
    summary: "Simulate a renewal whose payment fails (the test portal's button): the plan is past due",
    params: sessionParams,
    responses: redirect,
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  testPortalPay: defineEndpoint({
    method: 'POST',
    path: '/api/v1/billing/test-payments/portal/{sessionId}/pay',
    noBody: true,
    owner: 'billing',
    access: 'signed-in',
    summary: 'Update the card and pay the open invoice (test portal): the plan is active again',
    params: sessionParams,
    responses: redirect,
    errors: { 404: [BILLING_ERROR_CODES.checkoutNotFound] },
  }),
  export: exportPart(
    'billing',
    '/api/v1/billing/export',
    'the plan, its trial and the checkouts and payments recorded',
  ),
} as const;
