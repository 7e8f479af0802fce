import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { ScreenshotGallery } from './screenshot-gallery';

async function render(lng: 'ar' | 'en') {
  const i18n: I18n = createInstance();
  await i18n.init({ resources, lng, fallbackLng: lng, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ScreenshotGallery />
    </I18nextProvider>,
  );
}

describe("the landing page's drawings of the product", () => {
  it.each([
    ['ar', 'بيانات توضيحية'],
    ['en', 'Sample data'],
  ] as const)('say in %s that their figures are sample data', async (lng, badge) => {
    const html = await render(lng);
    expect(html).toContain('data-testid="gallery-sample"');
    expect(html).toContain(badge);
    expect(html).toContain(resources[lng].landing.gallery.sampleReason);
  });
});
