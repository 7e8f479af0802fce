// @vitest-environment jsdom
import type { PlanId } from '@nashr/contracts';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { entitlementOf } from '../../lib/testing/entitlement';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { CompanyPages } from './company-pages';

function serve(plan: PlanId) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/billing/me') return Response.json({ success: true, entitlement: entitlementOf(plan) });
      if (url === '/api/v1/linkedin/pages') {
        const page = { organization: 'urn:li:organization:5', name: 'Acme', role: 'ADMINISTRATOR' };
        return Response.json({
          success: true,
          data: { granted: true, pages: [{ ...page, added: false, identity: null }] },
        });
      }
      return Response.json({ message: 'no' }, { status: 404 });
    }),
  );
}

async function allowanceSaid(plan: PlanId): Promise<string> {
  serve(plan);
  const { container } = await renderSignedIn(<CompanyPages />, {
    account: { id: crypto.randomUUID(), email: 'p@example.test' },
  });
  let said = '';
  await vi.waitFor(() => {
    said = container.querySelector('[data-testid="pages-allowance"]')?.textContent ?? '';
    expect(said).not.toBe('');
  });
  await unmountRendered();
  return said;
}

beforeAll(async () => {
  await startI18nForTests();
});
afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
});

describe('the company pages of the profile', () => {
  it('say how many pages the plan lets the user add, in both languages, before a refusal has to', async () => {
    await i18next.changeLanguage('en');
    expect(await allowanceSaid('pro')).toBe('Your plan lets you add 5 company pages.');
    expect(await allowanceSaid('basic')).toMatch(/^Your plan does not include company pages/);
    await i18next.changeLanguage('ar');
    expect(await allowanceSaid('trial')).toBe('تتيح خطتك إضافة صفحة شركة واحدة.');
  });
});
