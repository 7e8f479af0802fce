import { describe, expect, it } from 'vitest';
import { DEMO_BAND, splitIndexHtml, withDemoBand } from './page-template.js';

const INDEX = `<!doctype html>
<html lang="ar" dir="rtl">
  <head><title>Nashr</title><script type="module" crossorigin src="/assets/index-a1.js"></script></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the demo band', () => {
  it('is on every page of a demo, both languages in it, outside the app root', () => {
    const html = withDemoBand(INDEX, true);
    expect(html.indexOf('data-demo-band')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('Demo: nothing reaches LinkedIn, no money moves');
    expect(html).toContain('نسخة تجريبية: لا يصل شيء إلى لينكدإن، ولا تُدفع أي أموال');
    expect(html).toMatch(/<html lang="ar" dir="rtl" data-demo="1">/);
  });

  it('stays on the pages rendered from the template (landing, screens), in their language', () => {
    const page = splitIndexHtml(withDemoBand(INDEX, true), '/app-boot.js');
    const head = page?.head({ lang: 'en', dir: 'ltr' }) ?? '';
    expect(head).toMatch(/<html lang="en" dir="ltr" data-demo="1">/);
    expect(head).toContain(DEMO_BAND);
    // The page's language shows its half; the other is hidden by the band's own style.
    expect(DEMO_BAND).toMatch(/html:not\(\[lang="ar"\]\) \.nashr-demo-band \[lang="ar"\]/);
  });

  it('is on no page outside a demo', () => {
    expect(withDemoBand(INDEX, false)).toBe(INDEX);
    const head = splitIndexHtml(INDEX, '/app-boot.js')?.head({ lang: 'ar', dir: 'rtl' }) ?? '';
    expect(head).not.toContain('data-demo');
  });
});
