// The react-router route table, built from routes.json (the one place a route is declared) and the
// page kinds' table (pageKinds.ts). Each page kind is a lazily loaded module, and its loader module
// fetches what the page needs while the page's code downloads: nothing waits for a render to start a request.
import type { RouteObject } from 'react-router-dom';
import type { PageKindName, PageOf, RoutesTable } from '../../engine/definition/routes.ts';
import { LoadingPage } from './LoadingPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { loadPageContent } from './pageContent.ts';
import { PAGE_KINDS, pageComponent, pageLoader, type PageKind } from './pageKinds.ts';
import { routedPage, RouterShell } from './routerPage.tsx';

export { PAGE_KINDS } from './pageKinds.ts';

function pageRoute<Kind extends PageKindName>(path: string, page: PageOf<Kind>, table: RoutesTable): RouteObject {
  const kind = PAGE_KINDS[page.kind as Kind] as PageKind<Kind> | undefined;
  if (!kind) throw new Error(`routes.json: unknown page kind "${page.kind}" for ${path}`);
  return {
    path,
    loader: pageLoader(page, kind, table),
    // Other pages keep their data while only their own parameters change (e.g. ?tab= of the benefits).
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      kind.readsQuery || currentUrl.pathname !== nextUrl.pathname || currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang')
        ? defaultShouldRevalidate
        : false,
    lazy: { Component: () => pageComponent(kind).then(routedPage) },
  };
}

/**
 * The shell around every page; inside it, a pathless route whose error element is the Not Found
 * page, so an unknown path, a failed chunk or loader and an error while rendering all show it
 * within the page's header and theme.
 */
export function routeObjects(table: RoutesTable): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RouterShell,
      HydrateFallback: LoadingPage,
      ErrorBoundary: NotFoundPage,
      loader: loadPageContent,
      // Branding does not change with the address.
      shouldRevalidate: () => false,
      children: [
        {
          ErrorBoundary: NotFoundPage,
          children: [...table.routes.map((route) => pageRoute(route.path, route.page, table)), pageRoute('*', { kind: 'not-found' }, table)],
        },
      ],
    },
  ];
}
