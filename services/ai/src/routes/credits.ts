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
      provider: options.provider,
    },
  });

  /** Feeds the sidebar's credits notice ('60 of 100 GPT-4o credits'). */
  route(app, API.ai.credits, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await options.credits.balance(identityOf(request).userId));
  });

  /** Grants or ends Premium. There is no payment flow yet, so an administrator does it. */
  route(app, API.ai.setPlan, {}, async (request) => {
    const balance = await options.credits.setPlan(request.params.userId, request.body.plan, options.clock());
    await options.audit.record(
      request,
      'credits.set_plan',
      `${request.params.userId}: ${balance.plan}, ${balance.remaining} credits`,
    );
    request.log.info({ targetUserId: request.params.userId, plan: balance.plan }, 'plan changed');
    return { ...present(balance), message: `Plan set to ${balance.plan}` };
  });
}
