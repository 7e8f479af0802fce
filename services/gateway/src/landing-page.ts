import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  API,
  CONTENT_BLOCK_NAMES,
  type ContentBlockName,
  contentBlockResponseSchema,
  contentBlockSchemas,
  IDENTITY_HEADERS,
  type Locale,
  type PlanInfo,
  plansResponseSchema,
} from '@nashr/contracts';
import type { Logger } from '@nashr/platform';

/**
 * The landing page `/` as HTML, rendered here from the content service's current copy, so a
 * visitor's browser paints it from the HTML and CSS alone (no script needed to see or use it;
 * `web/public/landing-boot.js` loads the app's code when the visitor first interacts).
 *
 * The renderer is the web app's own landing page (`web/src/landing/server.tsx`), built beside the
 * web build into `dist-ssr/landing.js`; React escapes every text and attribute, the admins' copy
 * included. Without that file, or when the content service cannot answer and nothing was rendered
 * before, `/` is the plain `index.html` (the app then loads the copy itself, as before).
 */

/** Where the renderer is built, relative to the web build (`WEB_DIST`). */
export const LANDING_RENDERER = join('..', 'dist-ssr', 'landing.js');

/**
 * How long a rendered page is served without asking the content service again. A save through
 * this gateway drops it at once (`invalidate`); one through another gateway shows within this
 * time, as the content service's own answers (`max-age=5`) let browsers keep a block a little.
 */
export const LANDING_FRESH_MS = 5_000;
const FETCH_TIMEOUT_MS = 2_000;

/** What `web/src/landing/server.tsx` exports. */
interface LandingRenderer {
  renderLanding(data: { lang: Locale; blocks: Record<ContentBlockName, unknown>; plans?: PlanInfo[] }): {
    html: string;
    title: string;
    description: string;
    dir: 'rtl' | 'ltr';
  };
}

export interface RenderedPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface Entry {
  generation: number;
  renderedAt: number;
  /** For a browser that sent the `lang` cookie: its choice is known, nothing to check. */
  chosen: RenderedPage;
  /** For one that did not: the boot script looks for a choice kept in the browser only. */
  unchosen: RenderedPage;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `index.html` taken apart once: the page keeps its styles but not the app's scripts (nor their
 * preloads); a small deferred script (`/landing-boot.js`) names the app's entry instead.
 */
export interface LandingTemplate {
  assemble(parts: {
    lang: Locale;
    dir: 'rtl' | 'ltr';
    title: string;
    description: string;
    root: string;
    data: string;
    /** The boot script checks at once for a language kept in the browser only (no cookie came). */
    checkLanguage: boolean;
  }): string;
}

export function landingTemplate(indexHtml: string): LandingTemplate | undefined {
  const scripts = [...indexHtml.matchAll(/<script type="module"[^>]*\ssrc="(\/[^"]+\.js)"[^>]*><\/script>\s*/g)];
  const rootStart = indexHtml.indexOf('<div id="root">');
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  const rootEnd = indexHtml.lastIndexOf('</div>', bodyEnd);
  if (scripts.length === 0 || rootStart < 0 || bodyEnd < 0 || rootEnd < rootStart) return undefined;
  // The app's module scripts (the build writes several: runtime, libraries, the app), in order.
  const app = scripts.map((script) => script[1]).join(' ');
  let head = indexHtml.slice(0, rootStart);
  for (const [tag] of scripts) head = head.replace(tag, '');
  head = head
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      '</head>',
      `  <script defer src="/landing-boot.js" data-app="${escapeHtml(app)}"BOOT></script>\n  </head>`,
    );
  const tail = indexHtml.slice(rootEnd + '</div>'.length);
  if (!/<html[^>]*>/.test(head) || !/<title>[^<]*<\/title>/.test(head)) return undefined;
  return {
    assemble: ({ lang, dir, title, description, root, data, checkLanguage }) =>
      head
        .replace('"BOOT>', checkLanguage ? '" data-check-language>' : '">')
        .replace(/<html[^>]*>/, `<html lang="${lang}" dir="${dir}">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace(
          /<meta name="description" content="[^"]*"\s*\/?>/,
          () => `<meta name="description" content="${escapeHtml(description)}" />`,
        ) +
      `<div id="root">${root}</div>\n    <script type="application/json" id="landing-data">${data}</script>` +
      tail,
  };
}

async function compressed(html: string): Promise<RenderedPage> {
  const raw = Buffer.from(html);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    promisify(gzip)(raw, { level: 9 }),
  ]);
  return { raw, br, gzip: gz };
}

/** JSON safe inside a `<script>` element: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export class LandingPage {
  private readonly pages = new Map<Locale, Entry>();
  private readonly refreshing = new Map<string, Promise<Entry>>();
  private generation = 0;

  private constructor(
    private readonly template: LandingTemplate,
    private readonly renderer: LandingRenderer,
    private readonly options: { contentUrl: string; billingUrl: string; internalSecret: string; logger: Logger },
  ) {}

  /** Undefined when the web build has no renderer or its `index.html` is not understood. */
  static async load(
    webDist: string,
    options: { contentUrl: string; billingUrl: string; internalSecret: string; logger: Logger },
  ): Promise<LandingPage | undefined> {
    const rendererPath = join(webDist, LANDING_RENDERER);
    if (!existsSync(rendererPath)) {
      options.logger.warn({ rendererPath }, 'no landing renderer beside the web build: / is served as index.html');
      return undefined;
    }
    const template = landingTemplate(await readFile(join(webDist, 'index.html'), 'utf8'));
    if (!template) {
      options.logger.warn('index.html has no app script or #root where expected: / is served as index.html');
      return undefined;
    }
    const renderer = (await import(pathToFileURL(rendererPath).href)) as LandingRenderer;
    const landing = new LandingPage(template, renderer, options);
    // Rendered now, in the background, so the first visitor does not wait for the render. (At
    // a start beside the content service it may not answer yet: the first visitor then tries.)
    for (const lang of ['ar', 'en'] as const) landing.refresh(lang).catch(() => {});
    return landing;
  }

  /** The copy changed (an admin saved a block through this gateway): the next visitor gets it. */
  invalidate(): void {
    this.generation++;
  }

  /**
   * The page in `lang`. A page older than LANDING_FRESH_MS is still served while a new one is
   * rendered; one from before an invalidation is not, unless the content service cannot answer
   * (then the last page rendered, if any, rather than none).
   */
  async page(lang: Locale, languageCookie: boolean): Promise<RenderedPage | undefined> {
    const entry = await this.entry(lang);
    return languageCookie ? entry?.chosen : entry?.unchosen;
  }

  private async entry(lang: Locale): Promise<Entry | undefined> {
    const entry = this.pages.get(lang);
    if (entry && entry.generation === this.generation) {
      if (Date.now() - entry.renderedAt > LANDING_FRESH_MS) this.refresh(lang).catch(() => {});
      return entry;
    }
    try {
      return await this.refresh(lang);
    } catch {
      return entry;
    }
  }

  /** One render at a time per language and generation. */
  private refresh(lang: Locale): Promise<Entry> {
    const key = `${lang}:${this.generation}`;
    let running = this.refreshing.get(key);
    if (!running) {
      running = this.render(lang, this.generation)
        .then((entry) => {
          const current = this.pages.get(lang);
          if (!current || current.generation <= entry.generation) this.pages.set(lang, entry);
          return entry;
        })
        .catch((error: unknown) => {
          this.options.logger.warn(
            { err: error, lang },
            'landing page not rendered: the content service did not answer',
          );
          throw error;
        })
        .finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, running);
    }
    return running;
  }

  private async render(lang: Locale, generation: number): Promise<Entry> {
    const [blocks, plans] = await Promise.all([this.blocks(lang), this.plans()]);
    const rendered = this.renderer.renderLanding({ lang, blocks, plans });
    const page = (checkLanguage: boolean) =>
      compressed(
        this.template.assemble({
          lang,
          dir: rendered.dir,
          title: rendered.title,
          description: rendered.description,
          root: rendered.html,
          // What the browser seeds its query cache with before hydrating (web/src/landing/landing-data.ts).
          // The page is served only to requests without a session cookie: signed out.
          data: scriptJson({ lang, blocks, plans, signedIn: false }),
          checkLanguage,
        }),
      );
    const [chosen, unchosen] = await Promise.all([page(false), page(true)]);
    return { generation, renderedAt: Date.now(), chosen, unchosen };
  }

  private async fetchJson(url: string): Promise<unknown> {
    const response = await fetch(url, {
      headers: { [IDENTITY_HEADERS.internalSecret]: this.options.internalSecret, accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  }

  /** Every block, checked against its schema; any one missing fails the render. */
  private async blocks(lang: Locale): Promise<Record<ContentBlockName, unknown>> {
    const entries = await Promise.all(
      CONTENT_BLOCK_NAMES.map(async (name) => {
        const path = API.content.block.path.replace('{blockName}', name);
        const body = await this.fetchJson(`${this.options.contentUrl}${path}?lang=${lang}`);
        return [name, contentBlockResponseSchema(contentBlockSchemas[name]).parse(body)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<ContentBlockName, unknown>;
  }

  /** The billing plans, for the pricing cards; without them the cards show the admins' prices. */
  private async plans(): Promise<PlanInfo[] | undefined> {
    try {
      return plansResponseSchema.parse(await this.fetchJson(`${this.options.billingUrl}${API.billing.plans.path}`))
        .plans;
    } catch {
      return undefined;
    }
  }
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
