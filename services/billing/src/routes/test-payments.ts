import { API, BILLING_ERROR_CODES } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { CheckoutClaim } from '../entitlements.js';
import { PLANS } from '../plans.js';
import { planLine, type TestPaymentsProvider } from '../providers/test-payments.js';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A page in both languages, the Arabic first; the banner says plainly that no money moves. Its
 * forms post to this origin with their Origin header (the gateway refuses a write without it, and
 * the product's no-referrer policy would send `Origin: null`), hence the same-origin referrer.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f6f8;color:#1c2430;margin:0;padding:2rem 1rem}
main{max-width:34rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}
.banner{background:#fff4d6;border:1px solid #e6b400;border-radius:8px;padding:.75rem 1rem;margin-block-end:1.25rem}
.en{direction:ltr;text-align:start;color:#4a5563}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;background:#0a66c2;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #e6b400;outline-offset:2px}
.row{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin-block-start:1.25rem}
</style></head>
<body><main>
<p class="banner" role="note"><strong>مدفوعات تجريبية: لن يُخصم أي مبلغ.</strong><br><span class="en" lang="en" dir="ltr">Test payments: no money moves.</span></p>
${body}
</main></body></html>`;
}

const DONE = '/billing?checkout=done';
/** Back to the Billing page, which says why in the user's language (the code's words in errors.json). */
const refused = (code: string) => `/billing?checkout=refused&code=${encodeURIComponent(code)}`;

/** Where a checkout's page or payment sends the browser when there is nothing to pay. */
function outcome(claim: Exclude<CheckoutClaim, 'completed'>): string {
  if (claim === 'already') return DONE;
  return refused(claim === 'subscribed' ? BILLING_ERROR_CODES.alreadySubscribed : BILLING_ERROR_CODES.checkoutStale);
}

/** The test-payments provider's checkout and portal pages, served by billing (offline default only). */
export function testPaymentRoutes(app: ServiceApp, provider: TestPaymentsProvider): void {
  app.register(async (scope) => {
    // The pages post plain forms (no script runs under the product's content policy).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );

    route(scope, API.billing.testCheckoutPage, {}, async (request, reply) => {
      // Another user's or an unknown checkout stays a 404 (its existence is not told); the user's
      // own paid or replaced one goes back to Billing with its outcome.
      const found = await provider.checkout(request.params.sessionId, identityOf(request).userId);
      if (found.state !== 'open') return reply.redirect(outcome(found.state === 'paid' ? 'already' : 'stale'), 303);
      const { plan } = found;
      const action = `/api/v1/billing/test-payments/checkout/${encodeURIComponent(request.params.sessionId)}/pay`;
      const html = page(
        'الدفع التجريبي | Test checkout',
        `<h1>الاشتراك في خطة ${escapeHtml(PLANS[plan].name)}</h1>
<p class="en" lang="en" dir="ltr">Subscribe to ${escapeHtml(PLANS[plan].name)}</p>
<p><bdi>${escapeHtml(planLine(plan))}</bdi> / شهر <span class="en" lang="en">(per month)</span></p>
<form method="post" action="${action}" class="row">
<button type="submit">ادفع (تجريبي) <span lang="en">Pay (test)</span></button>
<a href="/billing?checkout=cancelled">إلغاء والعودة <span lang="en">Cancel and go back</span></a>
</form>`,
      );
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });

    route(scope, API.billing.testCheckoutPay, { bodyCheck: 'handler' }, async (request, reply) => {
      const claim = await provider.pay(request.params.sessionId, identityOf(request).userId);
      return reply.redirect(claim === 'completed' ? DONE : outcome(claim), 303);
    });

    route(scope, API.billing.testPortalPage, {}, async (request, reply) => {
      const sub = await provider.portal(request.params.sessionId, identityOf(request).userId);
      const plan = PLANS[sub.plan as keyof typeof PLANS] ?? PLANS.basic;
      const end = sub.periodEnd.toISOString().slice(0, 10);
      const base = `/api/v1/billing/test-payments/portal/${encodeURIComponent(request.params.sessionId)}`;
      const button = (path: string, ar: string, en: string) =>
        `<form method="post" action="${base}/${path}" class="row"><button type="submit">${ar} <span lang="en">${en}</span></button></form>`;
      const pastDue = sub.status === 'past_due';
      const state = pastDue
        ? `<p>تعذّر تحصيل آخر دفعة. <span class="en" lang="en" dir="ltr">The last payment failed.</span></p>
${button('pay', 'تحديث البطاقة والدفع (تجريبي)', 'Update card and pay (test)')}`
        : sub.cancelAtPeriodEnd
          ? `<p>ينتهي الاشتراك في <bdi>${end}</bdi>. <span class="en" lang="en" dir="ltr">Ends on ${end}.</span></p>`
          : `<p>يتجدد في <bdi>${end}</bdi>. <span class="en" lang="en" dir="ltr">Renews on ${end}.</span></p>
${button('cancel', 'إلغاء الاشتراك في نهاية الفترة', 'Cancel at period end')}
${button('fail', 'محاكاة تعذّر الدفع عند التجديد', 'Simulate a failed payment')}`;
      const html = page(
        'إدارة الاشتراك التجريبي | Test portal',
        `<h1>خطة ${escapeHtml(plan.name)}</h1><p class="en" lang="en" dir="ltr">${escapeHtml(plan.name)} plan</p>
${state}
<p class="row"><a href="/billing">العودة إلى الفوترة <span lang="en">Back to Billing</span></a></p>`,
      );
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });

    route(scope, API.billing.testPortalCancel, { bodyCheck: 'handler' }, async (request, reply) => {
      await provider.cancel(request.params.sessionId, identityOf(request).userId);
      return reply.redirect('/billing?portal=cancelled', 303);
    });

    route(scope, API.billing.testPortalFail, { bodyCheck: 'handler' }, async (request, reply) => {
      await provider.failPayment(request.params.sessionId, identityOf(request).userId);
      return reply.redirect('/billing?portal=payment-failed', 303);
    });

    route(scope, API.billing.testPortalPay, { bodyCheck: 'handler' }, async (request, reply) => {
      await provider.payInvoice(request.params.sessionId, identityOf(request).userId);
      return reply.redirect('/billing?portal=paid', 303);
    });
  });
}
