import { DEFAULT_LOCALE, magicLoginRequestSchema, sendMagicLinkJob, VERIFY_STATUSES } from '@nashr/contracts';
import { type Queues, type ServiceApp, ValidationError } from '@nashr/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MagicLinks } from '../magic-links.js';
import { describeWait, type RateLimiter, type RateLimitVerdict } from '../rate-limit.js';
import type { SignIn } from '../sign-in.js';

export interface MagicLoginDeps {
  queues: Queues;
  limiter: RateLimiter;
  links: MagicLinks;
  signIn: SignIn;
  maxPerAddress: number;
  maxPerIp: number;
}

export const MAGIC_LINK_SENT_MESSAGE = 'Check your inbox: we sent you a link to sign in.';

/** The spec's e-mail messages are shown as they are, without a field prefix. */
class MagicLoginValidationError extends ValidationError {
  constructor(issues: { path: string; message: string }[]) {
    super(issues);
    const first = issues[0];
    if (first?.path === 'destination' || first?.path === '') this.message = first.message;
  }
}

function refuse(reply: FastifyReply, verdict: RateLimitVerdict) {
  return reply
    .status(429)
    .header('retry-after', String(verdict.retryAfterSeconds))
    .send({
      success: false,
      message: `Too many sign-in links were requested. Please wait ${describeWait(verdict.retryAfterSeconds)} and try again.`,
    });
}

const verifyQuerySchema = z.object({ token: z.unknown().optional() }).passthrough();

export function magicLoginRoutes(app: ServiceApp, deps: MagicLoginDeps): void {
  app.post('/api/v1/auth/magic-login', async (request, reply) => {
    // A missing body reads as a missing address, so the message is the spec's one.
    const parsed = magicLoginRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw new MagicLoginValidationError(
        parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      );
    }
    const { destination: email, lang = DEFAULT_LOCALE } = parsed.data;

    // The IP is counted first, so one client cannot exhaust the allowance of many addresses.
    const byIp = await deps.limiter.hit('ip', request.ip, deps.maxPerIp);
    if (!byIp.allowed) return refuse(reply, byIp);
    const byAddress = await deps.limiter.hit('email', email, deps.maxPerAddress);
    if (!byAddress.allowed) return refuse(reply, byAddress);

    // The same answer whether or not the address has an account: nothing to learn by probing.
    await deps.queues.enqueue(sendMagicLinkJob, { email, lang, requestId: request.id });
    request.log.info('sign-in link requested');
    return { success: true as const, message: MAGIC_LINK_SENT_MESSAGE };
  });

  app.get('/api/v1/auth/magic-login/verify', { schema: { querystring: verifyQuerySchema } }, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    // The token sits in this URL: keep it out of caches and out of the next page's Referer.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const result = await deps.links.consume(token);
    if (result.status === 'verified') {
      await deps.signIn.complete(request, reply, result.email);
    } else {
      request.log.info({ status: result.status }, 'sign-in link refused');
    }
    const status = VERIFY_STATUSES.includes(result.status) ? result.status : 'invalid';
    return reply.redirect(`/verify?status=${status}`, 302);
  });
}
