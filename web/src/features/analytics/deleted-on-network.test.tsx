import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { setDisplayPreferences } from '../../lib/format';
import { DeletedOnNetwork } from './deleted-on-network';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});
afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

async function render(language: 'ar' | 'en', full: boolean): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DeletedOnNetwork deletedAt="2026-11-20T10:00:00.000Z" full={full} />
    </I18nextProvider>,
  );
}

describe("a post's page, once the post was deleted on LinkedIn", () => {
  it('says so and when, and that its figures are the last ones read, in both languages', async () => {
    const en = await render('en', true);
    expect(en).toContain('data-testid="post-deleted-notice"');
    expect(en).toContain(
      'This post was deleted on LinkedIn on November 20, 2026. Its figures are the last ones read before that and are no longer updated.',
    );
    const ar = await render('ar', true);
    expect(ar).toContain('حُذف هذا المنشور من لينكدإن في');
    expect(ar).toContain('إحصاءاته هي آخر ما قُرئ قبل ذلك');
  });

  it('writes the date in the digits the user chose', async () => {
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(await render('ar', true)).toContain('٢٠٢٦');
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'latn' });
    expect(await render('ar', true)).toContain('2026');
  });

  it('is a short badge in a list', async () => {
    const html = await render('en', false);
    expect(html).toContain('data-testid="post-deleted-badge"');
    expect(html).toMatch(/>Deleted on LinkedIn<span class="sr-only">: This post was deleted/);
  });
});
