// Routing: routes.json says which page each path shows; routes outside the built route set
// (vite ROUTE_SET) do not match and show Not Found.
import { Suspense } from 'react';
import { matchRoute } from '../../engine/routes.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { lazyPage } from './lazyPage.ts';
import { LoadingPage } from './LoadingPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageShell } from './PageShell.tsx';
import { routesTable } from './routeTable.ts';
import { useLocation } from './router.ts';

const FormPage = lazyPage(() => import('../form/FormPage.tsx'));

export function App() {
  const location = useLocation();
  const match = matchRoute(location.pathname, routesTable, __ROUTE_SET__);
  const page = match?.route.page;
  const formId = page?.kind === 'form' && typeof page.form === 'string' ? page.form : undefined;
  return (
    <PageShell location={location} params={match?.params ?? {}}>
      <ErrorBoundary key={location.pathname}>
        <Suspense fallback={<LoadingPage />}>{formId ? <FormPage key={formId} formId={formId} /> : <NotFoundPage />}</Suspense>
      </ErrorBoundary>
    </PageShell>
  );
}
