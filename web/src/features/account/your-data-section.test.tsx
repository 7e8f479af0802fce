import type { Entitlement } from '@nashr/contracts';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { ApiError } from '../../lib/api/client';
import { errorText } from '../../lib/error-text';
import { DeletionCancelsPlan, planCancelledByDeletion } from './your-data-section';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const entitlement = (over: Partial<Entitlement>): Entitlement => ({
  plan: 'starter',
  status: 'active',
  active: true,
  limits: {
    weeklyPosts: null,
    aiCredits: 500,
    commentingCredits: 100,
    engage: true,
    library: 100,
    workspaces: 1,
    seats: 1,
    pages: 1,
  },
  trialEndsAt: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  provider: 'test-payments',
  version: 3,
  ...over,
});

describe('deleting an account with a paid plan', () => {
  it('names the plan only while a paid subscription runs', () => {
    expect(planCancelledByDeletion(entitlement({}))).toBe('starter');
    expect(planCancelledByDeletion(entitlement({ status: 'canceled', cancelAtPeriodEnd: true }))).toBe('starter');
    expect(planCancelledByDeletion(entitlement({ status: 'past_due', plan: 'pro' }))).toBe('pro');
    expect(planCancelledByDeletion(entitlement({ status: 'expired' }))).toBeNull();
    expect(planCancelledByDeletion(entitlement({ plan: 'trial', status: 'trialing', provider: null }))).toBeNull();
    expect(planCancelledByDeletion(undefined)).toBeNull();
  });

  it('says in both languages that the plan is cancelled at once', async () => {
    await i18next.changeLanguage('ar');
    expect(renderToStaticMarkup(<DeletionCancelsPlan plan="starter" />)).toContain(
      'يُلغى اشتراكك في خطة «الانطلاقة» فور حذف الحساب',
    );
    await i18next.changeLanguage('en');
    expect(renderToStaticMarkup(<DeletionCancelsPlan plan="starter" />)).toContain(
      'Your Starter subscription is cancelled at once when the account is deleted: it will not renew, nothing more is charged, and its payment records are deleted with the rest of your data.',
    );
  });

  it('says a refusal because the provider did not end the subscription in the interface language', async () => {
    const refusal = new ApiError('refused', 503, [], 'account.subscription_not_ended');
    await i18next.changeLanguage('ar');
    expect(errorText(refusal)).toBe(
      'لم يؤكّد مزوّد الدفع إنهاء اشتراكك، لذا لم يُحذف شيء. يُرجى المحاولة مرة أخرى بعد بضع دقائق.',
    );
    await i18next.changeLanguage('en');
    expect(errorText(refusal)).toBe(
      'Your payment provider did not confirm the end of your subscription, so nothing was deleted. Try again in a few minutes.',
    );
  });
});
