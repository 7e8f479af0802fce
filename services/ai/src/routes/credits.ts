import { API, CREDITS } from '@nashr/contracts';
import { type AdminAudit, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { CreditBalance, CreditStore } from '../credits/credit-store.js';

export interface CreditRoutesOptions {
  credits: CreditStore;
  models: { premium: string; standard: string };
  provider: 'openai' | 'offline';
  clock: () => Date;
  audit: AdminAudit;
}

export function creditRoutes(app: ServiceApp, options: CreditRoutesOptions): void {
  const present = (balance: CreditBalance) => ({
    success: true as const,
    data: {
      remaining: balance.remaining,
      total: balance.total,
      costPerPost: CREDITS.costPerPost,
      premiumModel: options.models.premium,
      standardModel: options.models.standard,
      plan: balance.plan,
      renewsAt: balance.renewsAt?.toISOString() ?? null,
      provider: options.provider,
      freeToday: balance.freeToday,
    },
  });

  /** Feeds the sidebar's credits notice ('60 of 100 GPT-4o credits'). */
  route(app, API.ai.credits, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await options.credits.balance(identityOf(request).userId));
  });

  /** The admin area's view of a user's AI credits. */
  route(app, API.ai.userCredits, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await options.credits.balance(request.params.userId));
  });

  /** An administrator adds credits to a user's current period. The plan is billing's, never set here. */
  route(app, API.ai.grantCredits, {}, async (request) => {
    const { userId } = request.params;
    const { amount } = request.body;
    const balance = await options.credits.grant(userId, amount, options.clock());
    await options.audit.record(request, 'credits.grant', `${userId}: +${amount}, ${balance.remaining} credits`);
    request.log.info({ targetUserId: userId, amount }, 'ai credits granted');
    return { ...present(balance), message: `Granted ${amount} credits` };
  });
}
