import { CREDITS, setPlanRequestSchema } from '@nashr/contracts';
import { identityOf, requireIdentity, requireRole, type ServiceApp } from '@nashr/platform';
import { z } from 'zod';
import type { CreditBalance, CreditStore } from '../credits/credit-store.js';

export interface CreditRoutesOptions {
  credits: CreditStore;
  models: { premium: string; standard: string };
  provider: 'openai' | 'offline';
  clock: () => Date;
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
  app.get('/api/v1/ai/credits', { onRequest: requireIdentity }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await options.credits.balance(identityOf(request).userId));
  });

  /** Grants or ends Premium. There is no payment flow yet, so an administrator does it. */
  app.put(
    '/api/v1/ai/admin/plans/:userId',
    {
      onRequest: requireRole('admin'),
      schema: {
        params: z.object({ userId: z.string().uuid('The user id must be a UUID') }),
        body: setPlanRequestSchema,
      },
    },
    async (request) => {
      const balance = await options.credits.setPlan(request.params.userId, request.body.plan, options.clock());
      request.log.info({ targetUserId: request.params.userId, plan: balance.plan }, 'plan changed');
      return { ...present(balance), message: `Plan set to ${balance.plan}` };
    },
  );
}
