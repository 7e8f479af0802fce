import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCountFormat } from '../../i18n/count-format';
import { resources } from '../../i18n/resources';
import { type Credits, CreditsNotice } from './credits-notice';

let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'en', interpolation: { escapeValue: false } });
  addCountFormat(i18n);
});

const render = async (lng: 'ar' | 'en', credits: Credits, collapsed = false) => {
  await i18n.changeLanguage(lng);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <CreditsNotice credits={credits} collapsed={collapsed} />
    </I18nextProvider>,
  );
  return html.replace(/[\u200e\u200f\u2068\u2069]/g, '');
};
const free = (remaining: number) => ({ remaining, limit: 15 });

describe("the sidebar's credits notice", () => {
  it('says nothing of the free drafts while the premium credits last', async () => {
    expect(await render('en', { remaining: 40, total: 100, freeToday: free(15) })).not.toContain('credits-free-today');
  });

  it("counts the day's free drafts once the credits are spent, and says when none are left", async () => {
    expect(await render('en', { remaining: 0, total: 100, freeToday: free(15) })).toContain(
      '15 free drafts left today.',
    );
    expect(await render('ar', { remaining: 5, total: 100, freeToday: free(2) })).toContain(
      'تبقّت لك اليوم مسودتان مجانيتان.',
    );
    expect(await render('en', { remaining: 0, total: 100, freeToday: free(0) })).toContain(
      'No free drafts are left today',
    );
    expect(await render('en', { remaining: 0, total: 100, freeToday: free(3) }, true)).toContain(
      '3 free drafts left today.',
    );
  });
});
