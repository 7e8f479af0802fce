import { API, BILLING_ERROR_CODES } from '@nashr/contracts';
import { AppError, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A link back to the Billing page, in both languages. */
const BACK_TO_BILLING = `<p class="row"><a href="/billing">العودة إلى الفوترة <span lang="en">Back to Billing</span></a></p>`;

/**
 * A checkout already paid (a second click on Pay, the back button, a second tab): said in words,
 * never paid again; the Billing page shows the plan.
 */
function paidPage(planName: string): string {
  return page(
    'تم الدفع | Paid',
    `<section data-testid="checkout-paid">
<h1>دُفع هذا الاشتراك</h1>
<p class="en" lang="en" dir="ltr">This checkout is paid</p>
<p>اشتراكك في خطة «${escapeHtml(planName)}» قائم، ولن يُخصم أي مبلغ آخر لهذا الدفع.</p>
<p class="en" lang="en" dir="ltr">Your ${escapeHtml(planName)} subscription is active; nothing more is charged for this checkout.</p>
</section>
${BACK_TO_BILLING}`,
  );
}

/** An unknown checkout or portal session, or another user's: the same page, which tells nothing about it. */
const NOT_FOUND_PAGE = page(
  'غير موجود | Not found',
  `<section data-testid="checkout-not-found">
<h1>لم نجد صفحة الدفع هذه</h1>
<p class="en" lang="en" dir="ltr">This payment page was not found</p>
<p>ربما انتهت صلاحيتها أو فُتحت من حساب آخر. ابدأ من صفحة الفوترة من جديد.</p>
<p class="en" lang="en" dir="ltr">It may have ended, or belong to another account. Start again from the Billing page.</p>
</section>
${BACK_TO_BILLING}`,
);

/** A browser (it asks for HTML) gets pages; an API client keeps the JSON answer with its code. */
const wantsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

/**
 * Runs a page's or a form post's handler; a checkout or portal session that is not found answers
 * the browser with a page in both languages, never the raw JSON error.
 */
async function asPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await handle();
  } catch (error) {
    if (error instanceof AppError && error.answerCode === BILLING_ERROR_CODES.checkoutNotFound && wantsHtml(request)) {
      return html(reply, NOT_FOUND_PAGE, 404);
    }
    throw error;
  }
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

    route(scope, API.billing.testCheckoutPage, {}, (request, reply) =>
      asPage(request, reply, async () => {
        // Another user's or an unknown checkout stays a 404 (its existence is not told); the user's
        // own paid one says so on its page, a replaced one goes back to Billing with its outcome.
        const found = await provider.checkout(request.params.sessionId, identityOf(request).userId);
        if (found.state === 'paid') return html(reply, paidPage(PLANS[found.plan].name));
        if (found.state !== 'open') return reply.redirect(outcome('stale'), 303);
        const { plan } = found;
        const action = `/api/v1/billing/test-payments/checkout/${encodeURIComponent(request.params.sessionId)}/pay`;
        const body = page(
          'الدفع التجريبي | Test checkout',
          `<h1>الاشتراك في خطة ${escapeHtml(PLANS[plan].name)}</h1>
<p class="en" lang="en" dir="ltr">Subscribe to ${escapeHtml(PLANS[plan].name)}</p>
<p><bdi>${escapeHtml(planLine(plan))}</bdi> / شهر <span class="en" lang="en">(per month)</span></p>
<form method="post" action="${action}" class="row">
<button type="submit">ادفع (تجريبي) <span lang="en">Pay (test)</span></button>
<a href="/billing?checkout=cancelled">إلغاء والعودة <span lang="en">Cancel and go back</span></a>
</form>`,
        );
        return html(reply, body);
      }),
    );

    route(scope, API.billing.testCheckoutPay, { bodyCheck: 'handler' }, (request, reply) =>
      asPage(request, reply, async () => {
        const claim = await provider.pay(request.params.sessionId, identityOf(request).userId);
        return reply.redirect(claim === 'completed' ? DONE : outcome(claim), 303);
      }),
    );

    route(scope, API.billing.testPortalPage, {}, (request, reply) =>
      asPage(request, reply, async () => {
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
        const body = page(
          'إدارة الاشتراك التجريبي | Test portal',
          `<h1>خطة ${escapeHtml(plan.name)}</h1><p class="en" lang="en" dir="ltr">${escapeHtml(plan.name)} plan</p>
${state}
${BACK_TO_BILLING}`,
        );
        return html(reply, body);
      }),
    );

    route(scope, API.billing.testPortalCancel, { bodyCheck: 'handler' }, (request, reply) =>
      asPage(request, reply, async () => {
        await provider.cancel(request.params.sessionId, identityOf(request).userId);
        return reply.redirect('/billing?portal=cancelled', 303);
      }),
    );

    route(scope, API.billing.testPortalFail, { bodyCheck: 'handler' }, (request, reply) =>
      asPage(request, reply, async () => {
        await provider.failPayment(request.params.sessionId, identityOf(request).userId);
        return reply.redirect('/billing?portal=payment-failed', 303);
      }),
    );

    route(scope, API.billing.testPortalPay, { bodyCheck: 'handler' }, (request, reply) =>
      asPage(request, reply, async () => {
        await provider.payInvoice(request.params.sessionId, identityOf(request).userId);
        return reply.redirect('/billing?portal=paid', 303);
      }),
    );
  });
}
