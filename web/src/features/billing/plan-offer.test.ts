import { PLAN_CATALOGUE } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { entitlementOf } from '../../lib/testing/entitlement';
import { nextPlan, planLimitLines, planOffer } from './plan-offer';
import { formatPlanPrice } from './plan-price';

const entitlement = entitlementOf;

describe('the plan offered next', () => {
  it('is the plan above the caller’s, the highlighted one on the trial, none above Pro', () => {
    expect(nextPlan('trial')?.id).toBe('starter');
    expect(nextPlan(undefined)?.id).toBe('starter');
    expect(nextPlan('basic')?.id).toBe('starter');
    expect(nextPlan('starter')?.id).toBe('pro');
    expect(nextPlan('pro')).toBeNull();
  });

  it('names the next plan, or says Change plan to someone who pays already', () => {
    expect(planOffer(undefined)).toEqual({ kind: 'choose' });
    expect(planOffer(entitlement('trial', 'trialing', null))).toEqual({
      kind: 'upgrade',
      plan: PLAN_CATALOGUE.starter,
    });
    // Bought Starter: its subscription is changed from the provider's page, never 'Premium'.
    expect(planOffer(entitlement('starter', 'active', 'test-payments'))).toEqual({ kind: 'change' });
    expect(planOffer(entitlement('pro', 'expired', 'test-payments'))).toEqual({ kind: 'choose' });
    expect(planOffer(entitlement('basic', 'expired', 'test-payments'))).toEqual({
      kind: 'upgrade',
      plan: PLAN_CATALOGUE.starter,
    });
  });

  it('describes a plan from its limits, the same for every card', () => {
    const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}:${options.count}` : key);
    expect(planLimitLines(PLAN_CATALOGUE.basic, t, 'f')).toEqual([
      'f.weeklyPosts:10',
      'f.aiCredits:100',
      'f.library:10',
      'f.seats:1',
      'f.workspaces:1',
      'f.pages:0',
    ]);
    expect(planLimitLines(PLAN_CATALOGUE.trial, t, 'f')).toEqual([
      'f.weeklyPosts:10',
      'f.aiCreditsTrial:100',
      'f.library:30',
      'f.seats:2',
      'f.workspaces:2',
      'f.pages:1',
    ]);
    expect(planLimitLines(PLAN_CATALOGUE.pro, t, 'f')).toEqual([
      'f.unlimitedPosts',
      'f.aiCredits:5000',
      'f.engage',
      'f.commentingCredits:1500',
      'f.wholeLibrary',
      'f.seats:10',
      'f.workspaces:10',
      'f.pages:5',
    ]);
  });
});

describe("a plan's price", () => {
  it('is one left-to-right run in either language, with no mark that lets its surroundings reorder it', () => {
    expect(formatPlanPrice(PLAN_CATALOGUE.starter, 'en')).toBe('\u2066$34.99\u2069');
    expect(formatPlanPrice(PLAN_CATALOGUE.starter, 'ar')).toMatch(/^\u2066(34\.99|٣٤٫٩٩)\u00a0US\$\u2069$/);
  });
});
