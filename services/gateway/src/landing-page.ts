import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
import { compressed, type RenderedPage, readIndexHtml, scriptJson, splitIndexHtml } from './page-template.js';

/**
 * The landing page `/` as HTML, rendered here from the content service's current copy, so a
 * visitor's browser paints it from the HTML and CSS alone (no script needed to see or use it;
 * `web/public/landing-boot.js` loads the app's code when the visitor first interacts).
 *
 * The renderer is the web app's own landing page (`web/src/features/landing/server.tsx`), built beside the
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

/** What `web/src/features/landing/server.tsx` exports. */
interface LandingRenderer {
  renderLanding(data: {
    lang: Locale;
    blocks: Record<ContentBlockName, unknown>;
    plans?: PlanInfo[];
    contactEmail: string;
  }): {
    html: string;
    title: string;
    description: string;
    dir: 'rtl' | 'ltr';
  };
}

interface Entry {
  generation: number;
  renderedAt: number;
  /** For a browser that sent the `lang` cookie: its choice is known, nothing to check. */
  chosen: RenderedPage;
  /** For one that did not: the boot script looks for a choice kept in the browser only. */
  unchosen: RenderedPage;
}

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
  const page = splitIndexHtml(indexHtml, '/landing-boot.js');
  if (!page) return undefined;
  return {
    assemble: ({ lang, dir, title, description, root, data, checkLanguage }) =>
      page.head({ lang, dir, title, description, bootAttributes: checkLanguage ? ' data-check-language' : '' }) +
      `<div id="root">${root}</div>\n    <script type="application/json" id="landing-data">${data}</script>` +
      page.tail,
  };
}

interface LandingOptions {
  contentUrl: string;
  billingUrl: string;
  internalSecret: string;
  logger: Logger;
  /** The installation's contact address (CONTACT_EMAIL), which the page names. */
  contactEmail: string;
}

export class LandingPage {
  private readonly pages = new Map<Locale, Entry>();
  private readonly refreshing = new Map<string, Promise<Entry>>();
  private generation = 0;

  private constructor(
    private readonly template: LandingTemplate,
    private readonly renderer: LandingRenderer,
    private readonly options: LandingOptions,
  ) {}

  /** Undefined when the web build has no renderer or its `index.html` is not understood. */
  static async load(webDist: string, options: LandingOptions & { demo?: boolean }): Promise<LandingPage | undefined> {
    const rendererPath = join(webDist, LANDING_RENDERER);
    if (!existsSync(rendererPath)) {
      options.logger.warn({ rendererPath }, 'no landing renderer beside the web build: / is served as index.html');
      return undefined;
    }
    const template = landingTemplate(
      await readIndexHtml(webDist, { demo: options.demo ?? false, contactEmail: options.contactEmail }),
    );
    if (!template) {
      options.logger.warn('index.html has no app script or #root where expected: / is served as index.html');
      return undefined;
    }
    const renderer = (await import(pathToFileURL(rendererPath).href)) as LandingRenderer;
    const landing = new LandingPage(template, renderer, options);
    // Rendered now, in the background, so the first visitor does not wait for the render. (At
    // a start beside the content service it may not answer yet, or slowly: the first visitor then
    // tries, and only that failure is a warning.)
    for (const lang of ['ar', 'en'] as const) landing.refresh(lang, 'start').catch(() => {});
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

  /** One render at a time per language and generation; `start`: the render ahead of any visitor. */
  private refresh(lang: Locale, why: 'start' | 'visitor' = 'visitor'): Promise<Entry> {
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
          if (why === 'start') {
            this.options.logger.info(
              { lang, reason: error instanceof Error ? error.message : String(error) },
              'landing page not rendered at start: the first visitor renders it',
            );
          } else {
            this.options.logger.warn(
              { err: error, lang },
              'landing page not rendered: the content service did not answer',
            );
          }
          throw error;
        })
        .finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, running);
    }
    return running;
  }

  private async render(lang: Locale, generation: number): Promise<Entry> {
    const [blocks, plans] = await Promise.all([this.blocks(lang), this.plans()]);
    const rendered = this.renderer.renderLanding({ lang, blocks, plans, contactEmail: this.options.contactEmail });
    const page = (checkLanguage: boolean) =>
      compressed(
        this.template.assemble({
          lang,
          dir: rendered.dir,
          title: rendered.title,
          description: rendered.description,
          root: rendered.html,
          // What the browser seeds its query cache with before hydrating (web/src/features/landing/landing-data.ts).
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
