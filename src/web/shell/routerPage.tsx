// The page context (pageContext.tsx) and the shell's inputs under react-router (app.tsx: staff pages
// and the pages the browser renders). The guest entry (guest.tsx) has its own (GuestPage.tsx), without the router.
import { useMemo, type ComponentType } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches, useNavigate, useNavigation, useRouteLoaderData } from 'react-router-dom';
import { PageContext, type PageNavigation } from './pageContext.tsx';
import type { PageContent } from './pageContent.ts';
import { DEFAULT_LANGUAGES, type PageData } from './pageData.ts';
import { PageShell } from './PageShell.tsx';

/** The page context from the router: the route's data, the address, the router's navigate. */
function usePageNavigation(data: unknown): PageNavigation {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  return useMemo<PageNavigation>(
    () => ({ data, location: { pathname, search, hash }, navigate: (to, options) => void navigate(to, options) }),
    [data, pathname, search, hash, navigate],
  );
}

/** The root route's component: the shell around the route's page, with the router's answers (the shell's language switch reads the page context too). */
export function RouterShell() {
  const matches = useMatches();
  const page = usePageNavigation(matches.at(-1)?.data);
  const { pathname } = page.location;
  const navigation = useNavigation();
  const pageContent = useRouteLoaderData('root') as PageContent | null | undefined;
  // The page's own loader says which languages it is written in (a form's definition declares them).
  const languages = (matches.at(-1)?.data as PageData | undefined)?.languages ?? DEFAULT_LANGUAGES;
  // Another page is loading (not a language switch on this one, which keeps the typed answers on screen).
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  return (
    <PageContext.Provider value={page}>
      <PageShell pathname={pathname} pageContent={pageContent} languages={languages} changingPage={changingPage}>
        <Outlet />
      </PageShell>
    </PageContext.Provider>
  );
}

/** A page kind's component as a route's: its page context from the router. */
export function routedPage(Page: ComponentType): ComponentType {
  return function RoutedPage() {
    const page = usePageNavigation(useLoaderData());
    return (
      <PageContext.Provider value={page}>
        <Page />
      </PageContext.Provider>
    );
  };
}
