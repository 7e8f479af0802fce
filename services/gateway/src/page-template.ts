import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONTACT_EMAIL_META, type Locale, manifestOf } from '@nashr/contracts';

/**
 * What the gateway needs to serve a page it rendered (the landing page, a signed-in screen) in
 * the web build's own `index.html`: its head and styles, without the app's scripts.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON safe inside a `<script>` element: no `<` can close it or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageHead {
  lang: Locale;
  dir: 'rtl' | 'ltr';
  /** The page's own title and description; `index.html`'s when not given. */
  title?: string;
  description?: string;
  /** More attributes for the boot script's tag (already escaped), e.g. ` data-check-language`. */
  bootAttributes?: string;
  /** Font files (same-origin paths) the page asks for at once. */
  preloadFonts?: string[];
}

export interface IndexParts {
  /** Everything before `#root`, in the page's language, with the boot script in place of the app's. */
  head: (page: PageHead) => string;
  /** Everything after `#root`. */
  tail: string;
}

/**
 * `index.html` taken apart once. The app's module scripts (the build writes several: runtime,
 * libraries, the app) and their preloads leave the head: a small deferred script (`bootScript`,
 * from `web/public`) loads them when the page wants them, named in its `data-app`.
 */
export function splitIndexHtml(
  indexHtml: string,
  bootScript: string,
  /** Stylesheets to write into the page itself (by their `href`), saving a round trip before the first paint. */
  inlineStyles: ReadonlyMap<string, string> = new Map(),
): IndexParts | undefined {
  const scripts = [...indexHtml.matchAll(/<script type="module"[^>]*\ssrc="(\/[^"]+\.js)"[^>]*><\/script>\s*/g)];
  const rootStart = indexHtml.indexOf('<div id="root">');
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  const rootEnd = indexHtml.lastIndexOf('</div>', bodyEnd);
  if (scripts.length === 0 || rootStart < 0 || bodyEnd < 0 || rootEnd < rootStart) return undefined;
  const app = scripts.map((script) => script[1]).join(' ');
  let head = indexHtml.slice(0, rootStart);
  for (const [tag] of scripts) head = head.replace(tag, '');
  head = head
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g, (link, href: string) => {
      const css = inlineStyles.get(href);
      // Closing the element early would need `</style` inside it: such a sheet stays a link.
      if (css === undefined || /<\/style/i.test(css)) return link;
      // The disabled link is neither fetched nor applied: it tells the app's chunk loader, which
      // looks for a stylesheet link before adding one, that the sheet is here already. Without
      // it the app fetched the sheet again once running and restyled the whole screen.
      return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    })
    .replace('</head>', `  <script defer src="${bootScript}" data-app="${escapeHtml(app)}"BOOT></script>\n  </head>`);
  if (!/<html[^>]*>/.test(head) || !/<title>[^<]*<\/title>/.test(head)) return undefined;
  return {
    head: ({ lang, dir, title, description, bootAttributes = '', preloadFonts = [] }) => {
      const fonts = preloadFonts
        .filter((href) => /^\/assets\/[\w.-]+\.woff2$/.test(href))
        .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">\n    `)
        .join('');
      let page = head
        .replace('"BOOT>', `"${bootAttributes}>`)
        .replace('<link rel="icon"', `${fonts}<link rel="icon"`)
        .replace('<link rel="manifest" href="/manifest.webmanifest"', `<link rel="manifest" href="${manifestOf(lang)}"`)
        // Kept from the template: data-demo marks a demo installation (withDemoBand).
        .replace(
          /<html([^>]*)>/,
          (_tag, attributes: string) =>
            `<html lang="${lang}" dir="${dir}"${/\sdata-demo="1"/.test(attributes) ? ' data-demo="1"' : ''}>`,
        );
      if (title !== undefined)
        page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
      if (description !== undefined) {
        page = page.replace(
          /<meta name="description" content="[^"]*"\s*\/?>/,
          () => `<meta name="description" content="${escapeHtml(description)}" />`,
        );
      }
      return page;
    },
    tail: indexHtml.slice(rootEnd + '</div>'.length),
  };
}

/**
 * The band every page shows when the installation is a demo (NASHR_DEMO=1): outside `#root`, so
 * the app's rendering never removes it, in both languages, the page's own shown (the app keeps
 * `<html lang>` on the language chosen, switching included).
 */
export const DEMO_BAND = `<style>.nashr-demo-band{position:sticky;top:0;z-index:1000;margin:0;padding:.5rem 1rem;background:#fff4d6;border-block-end:1px solid #e6b400;color:#1c2430;font:600 .95rem/1.4 system-ui,sans-serif;text-align:center}html[lang="ar"] .nashr-demo-band [lang="en"],html:not([lang="ar"]) .nashr-demo-band [lang="ar"]{display:none}</style>
<p class="nashr-demo-band" role="note" data-demo-band><span lang="ar" dir="rtl">نسخة تجريبية: لا يصل شيء إلى لينكدإن، ولا تُدفع أي أموال</span><span lang="en" dir="ltr">Demo: nothing reaches LinkedIn, no money moves</span></p>
`;

/** `index.html` as the gateway serves it: with the demo band before `#root` in a demo. */
export function withDemoBand(indexHtml: string, demo: boolean): string {
  if (!demo) return indexHtml;
  return indexHtml
    .replace('<div id="root">', () => `${DEMO_BAND}<div id="root">`)
    .replace(/<html([^>]*)>/, (_tag, attributes: string) => `<html${attributes} data-demo="1">`);
}

/**
 * `index.html` with the installation's contact address, which the app reads from it (the legal
 * pages, the footer, the FAQ): in the head, so every page made from it keeps it.
 */
export function withContactEmail(indexHtml: string, contactEmail: string): string {
  return indexHtml.replace(
    /<\/title>/,
    () => `</title>\n    <meta name="${CONTACT_EMAIL_META}" content="${escapeHtml(contactEmail)}" />`,
  );
}

/** What the installation's settings add to the web build's `index.html`. */
export interface Installation {
  demo: boolean;
  contactEmail: string;
}

/** The web build's `index.html`, read once by each page kind (landing, screens, the plain app). */
export async function readIndexHtml(webDist: string, installation: Installation): Promise<string> {
  const indexHtml = await readFile(join(webDist, 'index.html'), 'utf8');
  return withContactEmail(withDemoBand(indexHtml, installation.demo), installation.contactEmail);
}

export interface RenderedPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A page kept to be served many times: compressed once, as hard as it goes. */
export async function compressed(html: string): Promise<RenderedPage> {
  const raw = Buffer.from(html);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    promisify(gzip)(raw, { level: 9 }),
  ]);
  return { raw, br, gzip: gz };
}

/** `br`, `gzip` or neither, as the request accepts (a `q=0` refusal honoured). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
