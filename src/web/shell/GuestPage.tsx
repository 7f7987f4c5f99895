// The pages the server renders (ssr/renderPage.tsx: forms, hubs, documents, a guest's case), shown
// without react-router: the server renders this tree and the guest entry (guest.tsx) hydrates it. The
// page's component and loader come from the one table of page kinds (pageKinds.ts): a kind the server
// renders needs nothing more here. The loader runs again in the browser, its API reads answered by the
// page's own api-answers element (api/client.ts), so hydration asks the server for nothing.
// Navigation: the same page with another query (the language switch, the kiosk's return to its
// language) is loaded in place (its loader again, what was typed stays); any other page is a page load.
import { Component, StrictMode, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { PageRef, RoutesTable } from '../../engine/definition/routes.ts';
import { i18n } from '../i18n.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageContext, type PageLocation, type PageNavigateOptions, type PageNavigation } from './pageContext.tsx';
import { loadPageContent, type PageContent } from './pageContent.ts';
import { DEFAULT_LANGUAGES, type PageData } from './pageData.ts';
import { PAGE_KINDS, pageComponent, pageLoader, type PageKind } from './pageKinds.ts';
import { PageShell } from './PageShell.tsx';

/** The id of the JSON data element that names the page's route (the server writes it: ssr/renderPage.tsx). */
export const PAGE_ROUTE_ID = 'page-route';

/** The route of routes.json a rendered page is (its path as written there) and the address's parameters. */
export interface PageRoute {
  path: string;
  params: Record<string, string>;
}

/** What the guest page shows. */
export interface GuestView {
  Page: ComponentType;
  pageContent: PageContent | null;
  /** What the page's loader returned; undefined when it failed or found nothing (Not Found is shown). */
  data: PageData | undefined;
  location: PageLocation;
}

interface Props {
  table: RoutesTable;
  route: PageRoute;
  initial: GuestView;
}

const locationOf = (url: URL): PageLocation => ({ pathname: url.pathname, search: url.search, hash: url.hash });

function routePage(table: RoutesTable, route: PageRoute): PageRef {
  return table.routes.find((entry) => entry.path === route.path)?.page ?? { kind: 'not-found' };
}

/** Runs the page's loader for `url` (it also switches the page's language); undefined when it fails (as the router's error boundary, Not Found). */
async function loadData(table: RoutesTable, route: PageRoute, url: URL): Promise<PageData | undefined> {
  const page = routePage(table, route);
  const kind = PAGE_KINDS[page.kind] as PageKind | undefined;
  if (!kind) return undefined;
  try {
    return await pageLoader(page, kind, table)({ request: new Request(url.href), params: route.params });
  } catch {
    return undefined;
  }
}

/** Reads the page's route from the server's data element (null: the page was not rendered by the server). */
export function readPageRoute(): PageRoute | null {
  const text = document.getElementById(PAGE_ROUTE_ID)?.textContent;
  return text ? (JSON.parse(text) as PageRoute) : null;
}

/** What the page at `url` shows, loaded in the browser exactly as the server did (the branding, the page's loader and component). */
export async function loadGuestView(table: RoutesTable, route: PageRoute, url: URL): Promise<GuestView> {
  const kind = (PAGE_KINDS[routePage(table, route).kind] ?? PAGE_KINDS['not-found']) as PageKind;
  // A page whose code cannot be downloaded shows Not Found (as under the router), not the server's HTML that nothing answers.
  const [pageContent, data, Page] = await Promise.all([
    loadPageContent(),
    loadData(table, route, url),
    pageComponent(kind).catch((): ComponentType => NotFoundPage),
  ]);
  return { Page, pageContent, data, location: locationOf(url) };
}

/** The page's tree, the same in the server's render and in the browser's hydration. */
export function GuestApp(props: Props) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <GuestPage {...props} />
      </I18nextProvider>
    </StrictMode>
  );
}

function GuestPage({ table, route, initial }: Props) {
  const [view, setView] = useState(initial);
  const latest = useRef(0);
  const { pathname } = view.location;

  /** The same page at `url`: its loader again, then the address (as the router: after the data is here). */
  const load = useCallback(
    async (url: URL, history: 'push' | 'replace' | 'none') => {
      const ticket = ++latest.current;
      const data = await loadData(table, route, url);
      if (ticket !== latest.current) return;
      // Offline or refused: the browser asks for the page itself (the service worker may have it).
      if (!data) return history === 'none' ? window.location.reload() : window.location.assign(url.href);
      if (history === 'push') window.history.pushState(null, '', url.href);
      if (history === 'replace') window.history.replaceState(null, '', url.href);
      setView((shown) => ({ ...shown, data, location: locationOf(url) }));
    },
    [table, route],
  );

  const navigate = useCallback(
    (to: string, options?: PageNavigateOptions) => {
      const url = new URL(to, window.location.href);
      if (url.origin === window.location.origin && url.pathname === pathname) return void load(url, options?.replace ? 'replace' : 'push');
      if (options?.replace) window.location.replace(url.href);
      else window.location.assign(url.href);
    },
    [load, pathname],
  );

  // Back and forward between this page's addresses load its data again; a move to an anchor of the
  // page (a hash of its own, e.g. the case page's #answer-sent) is no other address: nothing loads.
  const { search } = view.location;
  useEffect(() => {
    const back = () => {
      const url = new URL(window.location.href);
      if (url.pathname === pathname && url.search === search) return;
      void load(url, 'none');
    };
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [load, pathname, search]);

  // Once the server's HTML is hydrated (this effect runs after every effect of the page), the page
  // says so (data-ssr goes): hydration-time code (useHydrated.ts isHydrating), tests and the bench wait for it.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-ssr'), []);

  const page = useMemo<PageNavigation>(() => ({ data: view.data, location: view.location, navigate }), [view.data, view.location, navigate]);
  const Page = view.data ? view.Page : NotFoundPage;
  return (
    <PageContext.Provider value={page}>
      <PageShell pathname={pathname} pageContent={view.pageContent} languages={view.data?.languages ?? DEFAULT_LANGUAGES} changingPage={false}>
        <PageErrorBoundary>
          <Page />
        </PageErrorBoundary>
      </PageShell>
    </PageContext.Provider>
  );
}

/** An error while rendering the page shows Not Found within the shell (as the router's error boundary does). */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <NotFoundPage /> : this.props.children;
  }
}
