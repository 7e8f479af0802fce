import type { SignupPanelBlock } from '@nashr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCountFormat } from '../../i18n/count-format';
import { resources } from '../../i18n/resources';
import { contentKeys } from '../../lib/api/content';
import { SignupPanel } from './signup-panel';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'en', fallbackLng: 'ar', interpolation: { escapeValue: false } });
  addCountFormat(i18n);
});

const PANEL: SignupPanelBlock = {
  badge: 'AI for LinkedIn',
  headline: 'Write posts that sound like you.',
  benefits: [{ icon: 'sparkles', text: 'Drafts in your voice.' }],
  quotes: [],
  showMemberCount: false,
};

/** The panel as it renders with the block (undefined: still loading) and the auth service's member count. */
async function render(
  lang: 'ar' | 'en',
  panel: SignupPanelBlock | undefined,
  memberCount: number | null = null,
): Promise<string> {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (panel) {
    queryClient.setQueryData(contentKeys.block('signup', lang), {
      success: true,
      data: panel,
      lang,
      version: 0,
      updatedAt: null,
    });
  }
  queryClient.setQueryData(['auth', 'client-config'], { googleEnabled: false, mailInboxUrl: null, memberCount });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SignupPanel />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  queryClient.clear();
  return html;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the sign-up panel', () => {
  it('shows the admins’ text and benefits, and no number or person of its own', async () => {
    const html = await render('en', PANEL, 12_000);
    expect(html).toContain('Write posts that sound like you.');
    expect(html).toContain('Drafts in your voice.');
    // The count exists, but the admins did not ask for it.
    expect(text(html)).not.toMatch(/\d/);
    expect(html).not.toContain('data-testid="member-count"');
    expect(html).not.toContain('data-testid="signup-quotes"');
  });

  it('shows the real member count only when the admins asked for it and the service gave one', async () => {
    expect(await render('en', { ...PANEL, showMemberCount: true }, 1_200)).toContain(
      'At least 1,200 people have joined Nashr',
    );
    const arabic = text(await render('ar', { ...PANEL, showMemberCount: true }, 1_200));
    expect(arabic).toMatch(/انضمّ إلى «نشر» 1,200 شخص على الأقل/);
    // Below the threshold the service says null: nothing is shown, not a zero.
    const below = await render('en', { ...PANEL, showMemberCount: true }, null);
    expect(below).not.toContain('data-testid="member-count"');
    expect(text(below)).not.toMatch(/\d/);
  });

  it('shows quotes only as the admins wrote them', async () => {
    const html = await render('en', {
      ...PANEL,
      quotes: [{ quote: 'It saves me an evening a week.', name: 'Rana Aziz', role: 'Product lead' }],
    });
    expect(html).toContain('data-testid="signup-quotes"');
    expect(html).toContain('It saves me an evening a week.');
    expect(html).toContain('Rana Aziz');
    expect(html).toContain('Product lead');
  });

  it('shows its own badge and headline while the block loads, with no list and no number', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const html = await render(lang, undefined, 50_000);
      expect(html).toContain(i18n.getFixedT(lang, 'auth')('signup.panel.headline'));
      expect(html).not.toContain('data-testid="signup-benefits"');
      expect(text(html)).not.toMatch(/\d/);
    }
  });
});
