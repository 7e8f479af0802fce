import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Locale, SCREEN_DATA_ELEMENT_ID } from '@nashr/contracts';
import type { Logger } from '@nashr/platform';
import { type IndexParts, pickEncoding, readIndexHtml, scriptJson, splitIndexHtml } from './page-template.js';

/**
 * A signed-in screen (the dashboard, posts, the composer…) as HTML with its data, rendered here
 * with the web app's own renderer (`web/src/app-ssr/server.tsx`, built into `dist-ssr/app.js`), so
 * a phone paints the screen from the HTML and CSS alone. The app's code follows the first paint
 * (`web/public/app-boot.js`) and takes the screen over with the same data (no second fetch);
 * until then the screen is `inert`, so nothing pressed or typed is lost on a screen not yet live.
 *
 * The renderer reads the API through this gateway as the visitor (their cookie, their rate limit),
 * so it sees exactly what the browser would. Whenever it cannot (no renderer, an unknown time
 * zone, a redirect, an error, a slow service), the page is the plain `index.html`, as before.
 */

/** Where the renderer is built, relative to the web build (`WEB_DIST`). */
export const APP_SCREEN_RENDERER = join('..', 'dist-ssr', 'app.js');

export interface ApiRead {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What `web/src/app-ssr/server.tsx` exports. */
interface AppScreenRenderer {
  renderAppScreen(request: {
    url: string;
    lang: Locale;
    timeZone: string;
    cookie: string | undefined;
    read: (call: ApiRead) => Promise<{ status: number; body: string }>;
    contactEmail: string;
  }): Promise<
    | {
        html: string;
        fonts: string[];
        dir: 'rtl' | 'ltr';
        workspace?: string | null;
        state: unknown;
        dataRounds: number;
      }
    | undefined
  >;
}

/** A time zone this process's Intl knows (the cookie is the browser's word, not to be trusted). */
function knownTimeZone(name: string | undefined): name is string {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface ScreenRequest {
  /** Path and query, as asked. */
  url: string;
  lang: Locale;
  timeZone: string | undefined;
  /** The visitor's cookies, as sent: the renderer reads the workspace they work in from them. */
  cookie: string | undefined;
  acceptEncoding: string | undefined;
  /** Answers one of the renderer's API reads as the visitor. */
  read: (call: ApiRead) => Promise<{ status: number; body: string }>;
}

export interface ServedScreen {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
  /**
   * The `Server-Timing` header: how long the render took, and how many renders beyond the first
   * it needed for data no route's loader named (0 when the loaders name it all).
   */
  serverTiming: string;
}

export class AppScreens {
  private constructor(
    private readonly page: IndexParts,
    private readonly renderer: AppScreenRenderer,
    private readonly logger: Logger,
    /** Past this the visitor gets `index.html` at once and their browser loads the screen itself. */
    private readonly renderWithinMs: number,
    /** The installation's contact address (CONTACT_EMAIL), which the legal pages name. */
    private readonly contactEmail: string,
  ) {}

  /** Undefined when the web build has no renderer or its `index.html` is not understood. */
  static async load(
    webDist: string,
    logger: Logger,
    { demo = false, contactEmail, renderWithinMs }: { demo?: boolean; contactEmail: string; renderWithinMs: number },
  ): Promise<AppScreens | undefined> {
    const rendererPath = join(webDist, APP_SCREEN_RENDERER);
    if (!existsSync(rendererPath)) {
      logger.warn({ rendererPath }, 'no screen renderer beside the web build: screens are served as index.html');
      return undefined;
    }
    const indexHtml = await readIndexHtml(webDist, { demo, contactEmail });
    // The screen's styles come in the page itself: on a phone's network a stylesheet costs a round
    // trip before anything paints. (Fonts and images stay files, fetched as the styles name them.)
    const styles = new Map<string, string>();
    for (const [, href] of indexHtml.matchAll(/<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"/g)) {
      if (href) styles.set(href, await readFile(join(webDist, href), 'utf8'));
    }
    const page = splitIndexHtml(indexHtml, '/app-boot.js', styles);
    if (!page) return undefined;
    const renderer = (await import(pathToFileURL(rendererPath).href)) as AppScreenRenderer;
    return new AppScreens(page, renderer, logger, renderWithinMs, contactEmail);
  }

  /** The screen's page, or undefined: serve `index.html`. */
  async render(request: ScreenRequest): Promise<ServedScreen | undefined> {
    if (!knownTimeZone(request.timeZone)) return undefined;
    const timeZone = request.timeZone;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.renderWithinMs);
    });
    const started = performance.now();
    try {
      const rendered = await Promise.race([
        this.renderer.renderAppScreen({
          url: request.url,
          lang: request.lang,
          timeZone,
          cookie: request.cookie,
          read: request.read,
          contactEmail: this.contactEmail,
        }),
        late,
      ]);
      if (rendered === 'late') {
        this.logger.warn(
          { url: request.url },
          `screen not rendered within ${this.renderWithinMs} ms: index.html served`,
        );
        return undefined;
      }
      if (!rendered) return undefined;
      const html =
        this.page.head({ lang: request.lang, dir: rendered.dir, preloadFonts: rendered.fonts }) +
        // `inert` until the app has taken the screen over (web/src/app-ssr/screen-data.tsx, ScreenLive).
        `<div id="root" inert>${rendered.html}</div>\n` +
        `    <script type="application/json" id="${SCREEN_DATA_ELEMENT_ID}">` +
        scriptJson({
          url: request.url,
          lang: request.lang,
          timeZone,
          workspace: rendered.workspace ?? null,
          state: rendered.state,
        }) +
        '</script>' +
        this.page.tail;
      const took = (performance.now() - started).toFixed(1);
      const serverTiming = `render;dur=${took}, data-rounds;desc=${rendered.dataRounds}`;
      return { ...(await compressedOnce(html, pickEncoding(request.acceptEncoding))), serverTiming };
    } catch (error) {
      this.logger.warn({ err: error, url: request.url }, 'screen not rendered: index.html served');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A page served once: compressed quickly rather than as small as it could be. */
async function compressedOnce(
  html: string,
  encoding: 'br' | 'gzip' | undefined,
): Promise<Omit<ServedScreen, 'serverTiming'>> {
  const raw = Buffer.from(html);
  if (encoding === 'br') {
    return {
      encoding,
      body: await promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  }
  if (encoding === 'gzip') return { encoding, body: await promisify(gzip)(raw, { level: 6 }) };
  return { encoding, body: raw };
}
