// Routing: routes.json says which page each path shows; routes outside the built route set
// (vite ROUTE_SET) do not match and show Not Found.
import { Suspense } from 'react';
import { matchRoute, type PageRef } from '../../engine/routes.ts';
import type { FormIndexRef } from '../pages/FormIndexPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { lazyPage } from './lazyPage.ts';
import { LoadingPage } from './LoadingPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageShell } from './PageShell.tsx';
import { routesTable } from './routeTable.ts';
import { useLocation } from './router.ts';

const FormPage = lazyPage(() => import('../form/FormPage.tsx'));
const FormIndexPage = lazyPage(() => import('../pages/FormIndexPage.tsx'));

function Page({ page }: { page: PageRef | undefined }) {
  if (page?.kind === 'form' && typeof page.form === 'string') return <FormPage key={page.form} formId={page.form} />;
  if (page?.kind === 'form-index') return <FormIndexPage page={page as unknown as FormIndexRef} />;
  return <NotFoundPage />;
}

export function App() {
  const location = useLocation();
  const match = matchRoute(location.pathname, routesTable, __ROUTE_SET__);
  return (
    <PageShell location={location} params={match?.params ?? {}}>
      <ErrorBoundary key={location.pathname}>
        <Suspense fallback={<LoadingPage />}>
          <Page page={match?.route.page} />
        </Suspense>
      </ErrorBoundary>
    </PageShell>
  );
}
