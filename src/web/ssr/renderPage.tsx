// The server's render of a form page, a hub or a document (src/server/features/render/prerender.ts imports the build of this
// module, dist/server/render-page.js): the same route table, loaders and components as the
// browser, so the HTML the guest receives already shows the form in the page's language and
// theme, and the guest entry (guest.tsx, the same tree: shell/GuestPage.tsx) hydrates it without a visible change.
// The router only runs the loaders here (and answers which addresses name nothing).
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, matchRoutes } from 'react-router-dom';
import { routesTable } from 'virtual:route-set';
import type { Lang } from '../../engine/text/languages.ts';
import { API_ANSWERS_ID, setApiFetch } from '../api/client.ts';
import type { RuntimeConfig } from '../api/runtimeConfig.ts';
import type { FormPageData } from '../form/formLoader.ts';
import { localized } from '../api/localized.ts';
import type { DocumentData } from '../pages/docs/documentLoader.ts';
import { forgetFetchedDocs } from '../form/sourcedValues.ts';
import { setNativePostOutcome } from '../form/nativePost.ts';
import type { NativePostOutcome } from '../../engine/contract/native-post.ts';
import type { RenderedPage } from '../../engine/contract/render.ts';
import { routeDocumentTitle } from '../form/pageDocument.ts';
import { i18n } from '../i18n.ts';
import { GuestApp, PAGE_ROUTE_ID, type PageRoute } from '../shell/GuestPage.tsx';
import type { PageContent } from '../shell/pageContent.ts';
import { htmlAttributes, pageBrand, pageTitle } from '../shell/pageHead.ts';
import { PAGE_KINDS, pageComponent, type PageKind } from '../shell/pageKinds.ts';
import type { PageData } from '../shell/pageData.ts';
import { routeObjects } from '../shell/routeObjects.tsx';
import { countryNamesFile, needsCountryNames } from '../widgets/countryNames.ts';

let handler: ReturnType<typeof createStaticHandler> | undefined;
/** What the render under way read from the API, and how many times (renders run one at a time). */
let answers: Record<string, { body: unknown; reads: number }> = {};

/** The server's settings for the pages (what /runtime-config.js says) and its way of answering their API calls. */
export function setup(config: Partial<RuntimeConfig>, apiFetch: typeof fetch): void {
  (globalThis as { __RUNTIME_CONFIG__?: Partial<RuntimeConfig> }).__RUNTIME_CONFIG__ = config;
  setApiFetch(async (input, init) => {
    const response = await apiFetch(input, init);
    if ((init?.method ?? 'GET') === 'GET' && response.status === 200) {
      const address = String(input);
      answers[address] = { body: await response.clone().json(), reads: (answers[address]?.reads ?? 0) + 1 };
    }
    return response;
  });
  handler = createStaticHandler(routeObjects(routesTable));
}

/**
 * The pages rendered here, by routes.json kind, with the manifest keys of their own modules (the
 * files routeObjects.tsx imports for the kind): forms, and the content pages a guest lands on (a
 * hub, a document), whose first paint would otherwise wait for the application. A form's
 * definition, validator and texts are added per form.
 */
const RENDERED_KINDS: Record<string, readonly string[]> = {
  form: ['src/web/form/FormPage.tsx', 'src/web/form/formLoader.ts'],
  hub: ['src/web/pages/hub/HubPage.tsx', 'src/web/pages/hub/hubLoader.ts'],
  document: ['src/web/pages/docs/DocumentPage.tsx', 'src/web/pages/docs/documentLoader.ts'],
  case: ['src/web/pages/case/CasePage.tsx', 'src/web/pages/case/caseLoader.ts'],
  // A party's page holds the attraction's waiver (its form page, the form's own files added as for a form).
  party: ['src/web/pages/parties/PartyPage.tsx', 'src/web/pages/parties/partyLoader.ts', 'src/web/form/FormPage.tsx', 'src/web/form/formLoader.ts'],
  'party-roster': ['src/web/pages/parties/RosterPage.tsx', 'src/web/pages/parties/rosterLoader.ts'],
  'party-new': ['src/web/pages/parties/NewPartyPage.tsx', 'src/web/pages/parties/newPartyLoader.ts'],
};
/**
 * Kinds whose page is one person's (never kept by the server) and whose Not Found is rendered here
 * too, in the page's language: a guest's case page, opened from a mail, often without JavaScript; a
 * party's page (whether it still takes guests changes with each signature) and its organiser's roster.
 */
const PERSONAL_KINDS = new Set(['case', 'party', 'party-roster']);
const renderedRoutes = routesTable.routes.filter((route) => route.page.kind in RENDERED_KINDS).map((route) => ({ path: route.path, page: route.page }));

/** i18next has one current language: renders run one after another. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` as HTML; 'not-found' when its loader says the address names nothing (an unknown
 * document), so the server answers 404; null for the other pages, and when a form's data cannot be
 * loaded (the browser then renders it). `posted`: the form again with the answers and errors of a
 * post without JavaScript, or its thanks.
 */
export function renderPage(url: string, posted: NativePostOutcome | null = null): Promise<RenderedPage | 'not-found' | null> {
  // The outcome of a post without JavaScript (features/native-post) is this render's only.
  const run = queue.then(() => {
    setNativePostOutcome(posted);
    return render(url).finally(() => setNativePostOutcome(null));
  });
  queue = run.catch(() => undefined);
  return run;
}

async function render(href: string): Promise<RenderedPage | 'not-found' | null> {
  if (!handler) throw new Error('renderPage: setup() first');
  const url = new URL(href);
  const match = matchRoutes(renderedRoutes, url.pathname)?.at(-1);
  if (!match) {
    const context = await handler.query(new Request(url.href));
    return !(context instanceof Response) && context.statusCode === 404 ? 'not-found' : null;
  }
  answers = {};
  forgetFetchedDocs();
  const { page: route } = match.route;
  const personal = PERSONAL_KINDS.has(route.kind);
  const context = await handler.query(new Request(url.href));
  const notFound = !(context instanceof Response) && context.statusCode === 404;
  if (notFound && !personal) return 'not-found';
  if (context instanceof Response || (context.errors && !notFound) || (context.statusCode !== 200 && !notFound)) return null;
  const lang = i18n.language as Lang;
  const pageContent = context.loaderData.root as PageContent | null;
  const page = Object.values(context.loaderData).find((data): data is FormPageData => Boolean(data && typeof data === 'object' && 'loaded' in data));
  if (route.kind === 'form' && !page) return null;
  const pageRoute: PageRoute = {
    path: match.route.path,
    params: Object.fromEntries(Object.entries(match.params).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  };
  const leaf = context.matches.at(-1);
  const view = {
    Page: await pageComponent(PAGE_KINDS[route.kind] as PageKind),
    pageContent,
    data: notFound || !leaf ? undefined : (context.loaderData[leaf.route.id] as PageData | undefined),
    location: { pathname: url.pathname, search: url.search, hash: '' },
  };
  // Every boundary in place, however large (React would otherwise move a big one, a party page's lazy
  // form, to the end of the page with an inline script to put it back, which the pages' CSP refuses).
  const { prelude } = await prerenderToNodeStream(<GuestApp table={routesTable} route={pageRoute} initial={view} />, { progressiveChunkSize: Infinity });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const brand = pageBrand(url.pathname, routesTable, lang, pageContent);
  const documentTitle = page ? routeDocumentTitle(page.sourced, lang) : undefined;
  // What the page adds to the title once in the browser (useTitleExtra): a form's document (a restaurant's name), a document's title.
  const shownDocument = Object.values(context.loaderData).find((data): data is DocumentData => Boolean(data && typeof data === 'object' && 'doc' in data));
  const titleExtra = documentTitle ?? (shownDocument ? localized<string>(shownDocument.doc.title, lang).value : undefined);
  // A form route names its form; a page holding one (a party's) has it in its data.
  const form = route.kind === 'form' ? String((route as { form: string }).form) : page?.loaded.compiled.id;
  return {
    body: Buffer.concat(chunks).toString('utf8'),
    html: htmlAttributes(brand, lang),
    title: pageTitle(brand, titleExtra),
    description: brand.settings.description,
    faviconUrl: brand.faviconUrl,
    themeColor: brand.theme.colors.primary ?? '#ffffff',
    modules: [
      ...RENDERED_KINDS[route.kind],
      ...(form ? [`build/forms/${form}.json`, `build/forms/${form}.validate.mjs`, `build/forms/locales/${lang}/${form}.json`] : []),
    ],
    answers: dataElement(API_ANSWERS_ID, answers),
    route: dataElement(PAGE_ROUTE_ID, pageRoute),
    kind: route.kind,
    preload: page && needsCountryNames(page.loaded.compiled.form) ? [countryNamesFile(lang)] : [],
    ...(personal ? { personal: true } : {}),
    ...(notFound ? { status: 404 as const } : {}),
  };
}

/** A JSON data element for the page's body; every '<' escaped, so no text in it can end the element. */
function dataElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}
