import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Stripe's wire format, for the parts Nashr uses: form-encoded requests
 * with bracket notation (`line_items[0][price]`), a bearer secret key, JSON answers shaped like
 * Stripe's objects, and errors shaped like Stripe's (`{ error: { type, code, message, param } }`).
 * It plays Stripe's side too: a test "completes" a checkout, fails or pays an invoice, cancels a
 * subscription, and the fake sends the webhook events Stripe would, signed as Stripe signs them.
 * A paid invoice has its payment (a PaymentIntent and its charge, listed by `/v1/invoice_payments`),
 * which `/v1/refunds` refunds once, as Stripe does; a POST's `Idempotency-Key` replays its first answer.
 */

type Obj = Record<string, unknown>;
interface FakeSubscription extends Obj {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: Obj[]; has_more: false; url: string };
}

/** A PaymentIntent as far as refunds need it: what it took, what went back, and whose it is. */
interface FakePayment {
  id: string;
  charge: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  subscription: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Obj };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Obj;
  /** The request's Idempotency-Key header, when it had one. */
  idempotencyKey?: string;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The prices that exist on this account. */
  prices: string[];
  /** Where Stripe would POST its webhooks: the answer's status code. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  clock?: () => Date;
}

const API_VERSION = '2026-02-25.clover';
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const unix = (at: Date) => Math.floor(at.getTime() / 1000);
const MONTH_S = 30 * 86_400;

/** Stripe's form encoding read back: `a[b][0][c]=v` becomes `{ a: { b: [{ c: 'v' }] } }`. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
      node = node[segment] as Obj;
    });
  }
  return root;
}

/** The signature header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export function stripeSignature(secret: string, rawBody: string, at: Date): string {
  const t = unix(at);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}
const missing = (what: string, value: unknown, param?: string) =>
  new StripeHttpError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${String(value)}'`,
    ...(param ? { param } : {}),
  });
const required = (param: string) =>
  new StripeHttpError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  /** Every event the fake has sent (or built), in order. */
  readonly events: StripeEvent[] = [];
  private readonly sessions = new Map<string, Obj>();
  private readonly customers = new Set<string>();
  private readonly subscriptions = new Map<string, FakeSubscription>();
  private readonly invoicePayments = new Map<string, Obj>();
  private readonly payments = new Map<string, FakePayment>();
  /** A POST's first answer by its Idempotency-Key, replayed for the same key as Stripe does. */
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Every subscription cancelled through the API, in order (a failed request is not one). */
  readonly cancelled: string[] = [];
  /** Every refund made, in order. */
  readonly refunds: Obj[] = [];
  private readonly prices: Set<string>;
  private server: Server | null = null;
  /** How many subscription cancellations to answer with a server error (an outage), to see them retried. */
  failCancels = 0;
  /** How many refund requests to answer with a server error (an outage), to see them retried. */
  failRefunds = 0;
  port = 0;

  constructor(private readonly options: FakeStripeOptions) {
    this.prices = new Set(options.prices);
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The SDK settings that send its requests here. */
  get sdkEnv(): Record<string, string> {
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = req.method === 'GET' ? url.searchParams.toString() : Buffer.concat(chunks).toString('utf8');
    const params = parseStripeForm(raw);
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    const send = (status: number, body: unknown) => {
      // Stripe keeps the answer a POST's key got (not a server error), and gives it to the same key again.
      if (idempotencyKey && req.method === 'POST' && status < 500)
        this.idempotent.set(idempotencyKey, { status, body });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    const replay = idempotencyKey && req.method === 'POST' ? this.idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(JSON.stringify(replay.body));
      return;
    }
    try {
      if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        throw new StripeHttpError(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
        });
      }
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /v1/checkout/sessions') return send(200, this.createSession(params));
      if (route === 'POST /v1/billing_portal/sessions') return send(200, this.createPortal(params));
      if (route === 'GET /v1/checkout/sessions') return send(200, this.listSessions(params));
      if (route === 'GET /v1/invoice_payments') return send(200, this.listInvoicePayments(params));
      if (route === 'POST /v1/refunds') return send(200, this.createRefund(params));
      const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
      if (req.method === 'POST' && expire?.[1]) return send(200, this.expireSession(decodeURIComponent(expire[1])));
      const sub = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (req.method === 'GET' && sub?.[1]) {
        const found = this.subscriptions.get(decodeURIComponent(sub[1]));
        if (!found) throw missing('subscription', sub[1]);
        return send(200, found);
      }
      if (req.method === 'DELETE' && sub?.[1]) {
        if (this.failCancels > 0) {
          this.failCancels -= 1;
          throw new StripeHttpError(500, { type: 'api_error', message: 'An unexpected error occurred.' });
        }
        // Cancelling at once, as Stripe's API does; its webhook is left to the test (deleteSubscription).
        const found = this.subscriptions.get(decodeURIComponent(sub[1]));
        if (!found) throw missing('subscription', sub[1]);
        Object.assign(found, { status: 'canceled', canceled_at: unix(this.now()) });
        this.cancelled.push(found.id);
        return send(200, found);
      }
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      });
    } catch (error) {
      if (error instanceof StripeHttpError) return send(error.status, { error: error.body });
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private createSession(params: Obj): Obj {
    if (params.mode !== 'subscription') throw required('mode');
    const items = params.line_items as Obj[] | undefined;
    const price = items?.[0]?.price;
    if (!price) throw required('line_items[0][price]');
    if (!this.prices.has(String(price))) throw missing('price', price, 'line_items[0][price]');
    if (!params.success_url) throw required('success_url');
    if (params.customer && !this.customers.has(String(params.customer))) {
      throw missing('customer', params.customer, 'customer');
    }
    const sessionId = id('cs_test');
    const session: Obj = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `http://127.0.0.1:${this.port}/c/pay/${sessionId}`,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      subscription: null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      livemode: false,
      // Kept for completing it: Stripe remembers what the session sells.
      _price: price,
      _subscriptionMetadata: (params.subscription_data as Obj | undefined)?.metadata ?? {},
    };
    this.sessions.set(sessionId, session);
    return publicView(session);
  }

  /** As Stripe: only an open session expires; its page then takes no payment. */
  private expireSession(sessionId: string): Obj {
    const session = this.sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    }
    session.status = 'expired';
    return publicView(session);
  }

  private createPortal(params: Obj): Obj {
    if (!params.customer) throw required('customer');
    if (!this.customers.has(String(params.customer))) throw missing('customer', params.customer, 'customer');
    const portalId = id('bps');
    return {
      id: portalId,
      object: 'billing_portal.session',
      customer: params.customer,
      return_url: params.return_url ?? null,
      url: `http://127.0.0.1:${this.port}/p/session/${portalId}`,
      livemode: false,
    };
  }

  /** As Stripe's list: `subscription` gives the one session that made it. */
  private listSessions(params: Obj): Obj {
    const data = [...this.sessions.values()]
      .filter((session) => !params.subscription || session.subscription === params.subscription)
      .slice(0, Number(params.limit ?? 10))
      .map(publicView);
    return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
  }

  /** The payments of one invoice (`invoice` is required here), optionally by status. */
  private listInvoicePayments(params: Obj): Obj {
    if (!params.invoice) throw required('invoice');
    const data = [...this.invoicePayments.values()].filter(
      (payment) => payment.invoice === params.invoice && (!params.status || payment.status === params.status),
    );
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  }

  /** As Stripe: the whole PaymentIntent (or charge) unless an amount is given, never more than was paid. */
  private createRefund(params: Obj): Obj {
    if (this.failRefunds > 0) {
      this.failRefunds -= 1;
      throw new StripeHttpError(500, { type: 'api_error', message: 'An unexpected error occurred.' });
    }
    if (!params.payment_intent && !params.charge) throw required('payment_intent');
    const payment = [...this.payments.values()].find(
      (p) => p.id === params.payment_intent || p.charge === params.charge,
    );
    if (!payment) {
      throw params.payment_intent
        ? missing('payment_intent', params.payment_intent, 'payment_intent')
        : missing('charge', params.charge, 'charge');
    }
    if (payment.amountRefunded >= payment.amount) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${payment.charge} has already been refunded.`,
      });
    }
    const amount = params.amount ? Number(params.amount) : payment.amount - payment.amountRefunded;
    payment.amountRefunded += amount;
    const refund: Obj = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: payment.charge,
      payment_intent: payment.id,
      currency: payment.currency,
      status: 'succeeded',
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      created: unix(this.now()),
    };
    this.refunds.push(refund);
    return refund;
  }

  /** The refunds of a subscription's payments. */
  refundsOf(subscriptionId: string): Obj[] {
    const ours = new Set([...this.payments.values()].filter((p) => p.subscription === subscriptionId).map((p) => p.id));
    return this.refunds.filter((refund) => ours.has(String(refund.payment_intent)));
  }

  /** A price deleted from the account (its checkouts are refused), and brought back. */
  forgetPrice(price: string): void {
    this.prices.delete(price);
  }
  rememberPrice(price: string): void {
    this.prices.add(price);
  }

  /** The session a checkout URL names. */
  sessionOf(url: string): string {
    const sessionId = url.split('/').at(-1);
    if (!sessionId || !this.sessions.has(sessionId)) throw new Error(`no checkout session at ${url}`);
    return sessionId;
  }

  /**
   * The customer pays on Stripe's checkout page: a customer and an active subscription are made,
   * and Stripe tells of it with checkout.session.completed, customer.subscription.created and
   * invoice.paid. With `hold`, the events are returned unsent, for a test to send in its order.
   */
  async completeCheckout(sessionId: string, { hold = false } = {}): Promise<StripeEvent[]> {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open' || !session) throw new Error(`no open checkout session ${sessionId}`);
    const customer = (session.customer as string | null) ?? id('cus');
    this.customers.add(customer);
    const start = unix(this.now());
    const subscriptionId = id('sub');
    const subscription: FakeSubscription = {
      id: subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      metadata: session._subscriptionMetadata as Record<string, string>,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      latest_invoice: null,
      created: start,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: session._price, object: 'price', active: true, type: 'recurring' },
            quantity: 1,
            subscription: subscriptionId,
            current_period_start: start,
            current_period_end: start + MONTH_S,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
    };
    this.subscriptions.set(subscriptionId, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscriptionId });
    const invoice = this.invoice(subscription, 'paid');
    const events = [
      this.event('checkout.session.completed', publicView(session)),
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
    ];
    if (!hold) for (const event of events) await this.send(event);
    return events;
  }

  /** A renewal's payment fails: the subscription is past due. */
  async failPayment(subscriptionId: string): Promise<StripeEvent[]> {
    const sub = this.subscription(subscriptionId);
    sub.status = 'past_due';
    return this.sendAll([
      this.event('invoice.payment_failed', this.invoice(sub, 'open')),
      this.event('customer.subscription.updated', sub),
    ]);
  }

  /** The card is fixed and the open invoice paid: active again. */
  async payInvoice(subscriptionId: string): Promise<StripeEvent[]> {
    const sub = this.subscription(subscriptionId);
    sub.status = 'active';
    return this.sendAll([
      this.event('invoice.paid', this.invoice(sub, 'paid')),
      this.event('customer.subscription.updated', sub),
    ]);
  }

  /** Cancelled in the portal: it runs to the end of the period. */
  async cancelAtPeriodEnd(subscriptionId: string, { hold = false } = {}): Promise<StripeEvent[]> {
    const sub = this.subscription(subscriptionId);
    sub.cancel_at_period_end = true;
    const events = [this.event('customer.subscription.updated', sub)];
    return hold ? events : this.sendAll(events);
  }

  /** The subscription ends now (cancelled immediately, or unpaid for good). */
  async deleteSubscription(subscriptionId: string): Promise<StripeEvent[]> {
    const sub = this.subscription(subscriptionId);
    Object.assign(sub, { status: 'canceled', canceled_at: unix(this.now()) });
    return this.sendAll([this.event('customer.subscription.deleted', sub)]);
  }

  /** An event Nashr does not use, to see it is received and ignored. */
  async other(type: string): Promise<StripeEvent[]> {
    return this.sendAll([this.event(type, { id: id('obj'), object: 'customer' })]);
  }

  subscription(subscriptionId: string): FakeSubscription {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    return sub;
  }

  /**
   * Signs the event as Stripe does, at the (real) time of sending, and POSTs it: the answer's
   * status. `secret` and `at` make forged or stale signatures.
   */
  async send(event: StripeEvent, { secret = this.options.webhookSecret, at = new Date() } = {}): Promise<number> {
    const body = JSON.stringify(event, null, 2);
    return this.options.deliver(body, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignature(secret, body, at),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    });
  }

  private async sendAll(events: StripeEvent[]): Promise<StripeEvent[]> {
    for (const event of events) {
      const status = await this.send(event);
      if (status >= 300) throw new Error(`webhook ${event.type} answered ${status}`);
    }
    return events;
  }

  private event(type: string, object: Obj): StripeEvent {
    const event = {
      id: id('evt'),
      object: 'event' as const,
      api_version: API_VERSION,
      created: unix(this.now()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: later changes to the object are not in an event already made.
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    return event;
  }

  /** A new invoice of the subscription, its latest; a paid one has its payment. */
  private invoice(sub: FakeSubscription, status: 'paid' | 'open'): Obj {
    const item = sub.items.data[0] as Obj;
    const invoiceId = id('in');
    sub.latest_invoice = invoiceId;
    if (status === 'paid') {
      const payment: FakePayment = {
        id: id('pi'),
        charge: id('ch'),
        amount: 4499,
        amountRefunded: 0,
        currency: 'usd',
        subscription: sub.id,
      };
      this.payments.set(payment.id, payment);
      const paymentId = id('inpay');
      this.invoicePayments.set(paymentId, {
        id: paymentId,
        object: 'invoice_payment',
        amount_paid: payment.amount,
        amount_requested: payment.amount,
        created: unix(this.now()),
        currency: payment.currency,
        invoice: invoiceId,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: payment.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: unix(this.now()) },
      });
    }
    const invoice: Obj = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: 4499,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata, subscription: sub.id },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      livemode: false,
    };
    return invoice;
  }
}

/** The object as Stripe shows it, without the fake's own notes. */
function publicView(object: Obj): Obj {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));
}
