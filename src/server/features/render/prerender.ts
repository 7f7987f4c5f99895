// Form pages, hubs and documents are sent already rendered: the build's server render (dist/server/render-page.js,
// from src/web/ssr/renderPage.tsx) runs the page's own routes, loaders and components here, and
// the result goes into index.html with the page's language, direction, theme, title, styles and
// chunk preloads, so the form is on screen (and readable without JavaScript) before the browser
// has run any script. The page's styles are written into it (a few KB compressed), so its first
// paint waits for no other request; its body font is preloaded first. Renders are kept per
// address, compressed once, and made again in the background once older than CACHE_MS, so a
// guest never waits for one after the first.
import type { RuntimeSettings } from '../../../engine/contract/runtime-settings.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { RenderedPage } from '../../../engine/contract/render.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
import { type EncodedBodies, encodeText } from './asset-memory.ts';

/** How long a rendered page is reused as it is: content edits (a restaurant's name) show from the next request after this. */
const CACHE_MS = 30_000;
const CACHE_ENTRIES = 500;
/**
 * Renders run on the event loop, so few at once: past RENDERS_AT_ONCE they wait, and past
 * RENDERS_WAITING an address not rendered yet gets the plain index.html (the browser renders it):
 * no burst of new addresses can hold every request up behind renders.
 */
const RENDERS_AT_ONCE = 2;
const RENDERS_WAITING = 8;
/** Where the page lists its chunks for src/web/main.tsx (the same name there). */
const PAGE_MODULES_META = 'page-modules';

interface RenderModule {
  setup(config: RuntimeSettings, apiFetch: typeof fetch): void;
  renderPage(url: string, posted?: NativePostOutcome | null): Promise<unknown>;
}

/** The built render's answer, checked against the shared shape (built pages older than this server fail loudly, not oddly). */
function checkedPage(page: unknown): RenderedPage | 'not-found' | null {
  if (page === 'not-found' || page === null || Value.Check(RenderedPage, page)) return page;
  const first = [...Value.Errors(RenderedPage, page)][0];
  throw new Error(`The built pages' render answered a page the server cannot use (${first?.path || '/'}: ${first?.message}): run npm run build.`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * A page as HTML in every encoding, with its status (404: it draws its own Not Found); 'not-found' for
 * an address whose page names nothing (HTTP 404, the browser draws it).
 */
export type Prerendered = (EncodedBodies & { status: 200 | 404; personal: boolean; kind: string }) | 'not-found';

export interface Prerenderer {
  /** The page at this address, or null to send the plain index.html (the browser renders it). */
  page(url: string): Promise<Prerendered | null>;
  /**
   * The form page at this address showing the outcome of a post without JavaScript (features/native-post),
   * made for this guest alone (never kept): null when it cannot be rendered now.
   */
  posted(url: string, outcome: NativePostOutcome): Promise<string | null>;
}

/**
 * Without the app's module scripts: the page after a post without JavaScript is complete as it is,
 * and a script arriving late would start the form afresh over the guest's answers or thanks.
 */
const withoutModuleScripts = (html: string) => html.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's API calls answered by this server in-process (no socket, same authentication and rules). */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://pages.internal');
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(answer.statusCode === 204 ? null : answer.payload, { status: answer.statusCode, headers });
  };
}

/** Files of a manifest entry and everything it imports: its chunks (to preload) and its stylesheets. */
function chunkFiles(manifest: Record<string, ManifestChunk>, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  // The bench builds forms from another folder: their keys end the same way.
  const keyOf = (wanted: string) => (wanted in manifest ? wanted : Object.keys(manifest).find((key) => key.endsWith(`/${wanted}`)));
  const visit = (wanted: string) => {
    const key = keyOf(wanted);
    const chunk = key ? manifest[key] : undefined;
    if (!key || !chunk || seen.has(key)) return;
    seen.add(key);
    if (key !== 'index.html') js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * The page's body font (its theme's, src/web/styles/fonts.css) in weight 400 and in the script of
 * the page's language: what most of its text is set in, worth fetching beside the page's code.
 * Built files by name (e.g. "poppins-latin-400-normal.woff2"), read from the manifest once.
 */
function bodyFonts(manifest: Record<string, ManifestChunk>): (stack: string | undefined, lang: string) => string | undefined {
  const files = new Map(
    Object.entries(manifest)
      .filter(([key]) => key.endsWith('.woff2'))
      .map(([key, chunk]) => [path.basename(key), chunk.file]),
  );
  return (stack, lang) => {
    const family = stack
      ?.split(',')[0]
      .trim()
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase();
    return family ? files.get(`${family}-${lang === 'ar' ? 'arabic' : 'latin'}-400-normal.woff2`) : undefined;
  };
}

/** Runs at most `atOnce` tasks together with at most `waiting` more queued; null when the queue is full. */
function renderQueue(atOnce: number, waiting: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    running--;
    queue.shift()?.();
  };
  return <T>(task: () => Promise<T>): Promise<T> | null => {
    if (running >= atOnce && queue.length >= waiting) return null;
    const start = () => {
      running++;
      return task().finally(next);
    };
    if (running < atOnce) return start();
    return new Promise<T>((resolve, reject) => queue.push(() => void start().then(resolve, reject)));
  };
}

/**
 * addressOf: the address as far as its page is concerned (path and the query parameters it reads,
 * form-routes.ts): renders are made and kept per page, not per URL, so a query string of its own
 * choosing gives no one a fresh render.
 */
export async function createPrerenderer(
  app: FastifyInstance,
  dist: string,
  runtimeSettings: RuntimeSettings,
  addressOf: (url: string) => string = (url) => url,
): Promise<Prerenderer | null> {
  const entry = path.join(dist, 'server', 'render-page.js');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) return null;
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  module.setup(runtimeSettings, injectFetch(app));
  const bodyFontFile = bodyFonts(manifest);
  const alreadyLinked = new Set(chunkFiles(manifest, ['index.html']).js.concat(chunkFiles(manifest, ['index.html']).css));
  const styles = new Map<string, string>();
  /**
   * A built stylesheet written into the page. The disabled link beside it is never fetched; it
   * tells the page's script loader the file is there, so a chunk that imports it does not load it again.
   */
  const inlineStyle = (file: string) => {
    if (!styles.has(file)) styles.set(file, fs.readFileSync(path.join(dist, file), 'utf8'));
    const css = styles.get(file)!;
    const link = `<link rel="stylesheet" crossorigin href="/${file}"`;
    return /<\/style/i.test(css) ? `${link}>` : `<style>${css}</style>${link} disabled>`;
  };

  const head = (page: RenderedPage, hoisted: string) => {
    const { js, css } = chunkFiles(manifest, ['src/web/guest.tsx', ...page.modules, `build/messages/${page.html.lang}.json`, ...page.preload]);
    const lines = [
      ...css.filter((file) => !alreadyLinked.has(file)).map(inlineStyle),
      // The page's chunks, all at once, fetched by the entry once the form is painted (src/web/main.tsx): they
      // never compete with the page itself and its font, and the first paint never waits for one.
      `<meta name="${PAGE_MODULES_META}" content="${js
        .filter((file) => !alreadyLinked.has(file))
        .map((file) => `/${file}`)
        .join(' ')}">`,
      hoisted,
      page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    ];
    return lines.filter(Boolean).join('\n    ');
  };

  const toHtml = (page: RenderedPage) => {
    // React writes resource hints (an image preload) before the markup: they belong in <head>.
    const hoisted = /^(?:<link [^>]*\/>)+/.exec(page.body)?.[0] ?? '';
    const body = page.body.slice(hoisted.length);
    const style = Object.entries(page.html.style)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    // Asked for before anything else: a preloaded font holds the first paint until it arrives (or briefly).
    const font = bodyFontFile(page.html.style['--font-body'], page.html.lang);
    return (
      template
        .replace(/<meta charset="utf-8" \/>/, (charset) =>
          font ? `${charset}\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : charset,
        )
        .replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_link, file: string) => inlineStyle(file))
        .replace(/<script type="module" crossorigin src=/, '<script type="module" fetchpriority="low" crossorigin src=')
        // index.html's preloads are for the pages the browser renders; this one fetches its chunks after the first paint.
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          /<html [^>]*>/,
          `<html lang="${escapeHtml(page.html.lang)}" dir="${escapeHtml(page.html.dir)}" data-theme="${escapeHtml(page.html['data-theme'])}" style="${escapeHtml(style)}">`,
        )
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
        .replace(/<meta name="theme-color" content="[^"]*"/, `<meta name="theme-color" content="${escapeHtml(page.themeColor)}"`)
        .replace(/<link rel="icon" href="[^"]*"/, `<link rel="icon" href="${escapeHtml(page.faviconUrl)}"`)
        .replace('</head>', `  ${head(page, hoisted)}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root" data-ssr>${body}</div>\n    ${page.answers}\n    ${page.route}`)
        .replace(/\s*<noscript>[^<]*<\/noscript>/, '')
    );
  };

  // Per address: the last render, reused for CACHE_MS; after that it is still sent while a new one is made.
  const cache = new Map<string, { at: number; html: Promise<Prerendered | null>; refreshing?: boolean }>();
  const queued = renderQueue(RENDERS_AT_ONCE, RENDERS_WAITING);
  const render = (url: string) =>
    queued(() =>
      module
        .renderPage(`http://pages.internal${url}`)
        .then(checkedPage)
        .then(
          (page): Prerendered | null =>
            page === 'not-found' || page === null
              ? page
              : { ...encodeText(toHtml(page)), status: page.status ?? 200, personal: page.personal === true, kind: page.kind },
          (error: unknown) => {
            app.log.error({ err: error, url }, 'rendering the page on the server failed; the browser renders it');
            return null;
          },
        ),
    );
  const remember = (url: string, html: Promise<Prerendered | null>) => {
    cache.delete(url);
    cache.set(url, { at: Date.now(), html });
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  };
  return {
    async posted(requested, outcome) {
      const rendered = queued(() => module.renderPage(`http://pages.internal${addressOf(requested)}`, outcome).then(checkedPage));
      const page = rendered ? await rendered : null;
      return page && page !== 'not-found' ? withoutModuleScripts(toHtml(page)) : null;
    },
    page(requested) {
      const url = addressOf(requested);
      const kept = cache.get(url);
      if (!kept) {
        const html = render(url);
        // Too many renders waiting: this guest gets the page the browser renders, and nothing is kept.
        if (!html) return Promise.resolve(null);
        remember(url, html);
        // One person's page (a guest's case) is theirs alone and changes with their answer: never kept.
        void html.then((made) => made && made !== 'not-found' && made.personal && cache.get(url)?.html === html && cache.delete(url));
        return html;
      }
      if (Date.now() - kept.at >= CACHE_MS && !kept.refreshing) {
        const next = render(url);
        if (next) {
          kept.refreshing = true;
          void next.then(() => remember(url, next));
        }
      }
      return kept.html;
    },
  };
}
