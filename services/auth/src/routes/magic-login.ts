import {
  API,
  AUTH_ERROR_CODES,
  COMMON_ERROR_CODES,
  DEFAULT_LOCALE,
  emailErrorCode,
  MAGIC_LINK_ERROR_CODES,
  magicLinkVerifyRequestSchema,
  magicLoginRequestSchema,
  sendMagicLinkJob,
} from '@nashr/contracts';
import { AppError, parseOrThrow, type Queues, route, type ServiceApp, ValidationError } from '@nashr/platform';
import type { FastifyReply } from 'fastify';
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
    const first = issues[0];
    const aboutEmail = first?.path === 'destination' || first?.path === '';
    super(issues, aboutEmail ? emailErrorCode(first?.message ?? '') : COMMON_ERROR_CODES.invalid);
    if (aboutEmail && first) this.message = first.message;
  }
}

function refuse(reply: FastifyReply, verdict: RateLimitVerdict) {
  return reply
    .status(429)
    .header('retry-after', String(verdict.retryAfterSeconds))
    .send({
      success: false,
      code: AUTH_ERROR_CODES.tooManyLinks,
      params: { seconds: verdict.retryAfterSeconds },
      message: `Too many sign-in links were requested. Please wait ${describeWait(verdict.retryAfterSeconds)} and try again.`,
    });
}

/** Why a link was refused, in words the `/verify` page and errors.json share by code. */
const LINK_REFUSALS = {
  expired: () =>
    new AppError('BAD_REQUEST', 'This sign-in link has expired. Ask for a new one.', {
      code: MAGIC_LINK_ERROR_CODES.expired,
    }),
  used: () =>
    new AppError('CONFLICT', 'This sign-in link was already used. Ask for a new one.', {
      code: MAGIC_LINK_ERROR_CODES.used,
    }),
  invalid: () =>
    new AppError('BAD_REQUEST', 'This sign-in link is not valid. Ask for a new one.', {
      code: MAGIC_LINK_ERROR_CODES.invalid,
    }),
} as const;

export function magicLoginRoutes(app: ServiceApp, deps: MagicLoginDeps): void {
  route(app, API.auth.magicLogin, { bodyCheck: 'handler' }, async (request, reply) => {
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
    // The job carries the address: once sent, it is removed rather than kept in the queue's
    // history, so Redis holds no address of anyone who merely signed in.
    await deps.queues.enqueue(sendMagicLinkJob, { email, lang, requestId: request.id }, { removeOnComplete: true });
    request.log.info('sign-in link requested');
    return { success: true as const, message: MAGIC_LINK_SENT_MESSAGE };
  });

  // Opening the mailed link only leads to the page: mail scanners and prefetchers open every link
  // (GET or HEAD), and must not spend it. The token travels in the fragment, which no server sees,
  // with the address it signs in as: the page asks "Continue as <address>" and spends it on that
  // click only, so a scanner that runs the page's script gets no session either.
  route(app, API.auth.openMagicLink, {}, async (request, reply) => {
    const token = request.query.token ?? '';
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const link = token ? await deps.links.peek(token) : ({ status: 'invalid' } as const);
    if (link.status !== 'live') return reply.redirect(`/verify?status=${link.status}`, 302);
    const fragment = new URLSearchParams({ token, email: link.email });
    return reply.redirect(`/verify#${fragment.toString()}`, 302);
  });

  // The page spends the token with a POST, which a scanner does not make (and the gateway refuses
  // from another site, so no one can sign a visitor into their own account).
  route(app, API.auth.verifyMagicLink, { bodyCheck: 'handler' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { token } = parseOrThrow(magicLinkVerifyRequestSchema, request.body ?? {});
    const result = await deps.links.consume(token);
    if (result.status !== 'verified') {
      request.log.info({ status: result.status }, 'sign-in link refused');
      throw LINK_REFUSALS[result.status]();
    }
    await deps.signIn.complete(request, reply, result.email);
    return { success: true as const, data: { status: 'verified' as const } };
  });
}
