// The pages' application, loaded by main.tsx once the server's HTML is on screen: router, texts,
// and the hydration (or the render, for a page the server did not render) of #root.
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routesTable } from 'virtual:route-set';
import type { Lang } from '../engine/text/languages.ts';
import { i18n } from './i18n.ts';
import { loadMessages } from './messages.ts';
import { routeObjects } from './shell/routeObjects.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routeObjects(routesTable));

/** Once the server's HTML is hydrated, the page says so (data-ssr goes): tests and the bench wait for it. */
function Hydrated({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute('data-ssr'), [root]);
  return null;
}

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
    <Hydrated root={root} />
  </StrictMode>
);

// A page the server rendered (src/web/ssr/) is hydrated once its route's code and data are here,
// so the first render in the browser is the HTML already on screen.
if (root.hasAttribute('data-ssr')) {
  const ready = () =>
    router.state.initialized
      ? Promise.resolve()
      : new Promise<void>((done) => {
          const stop = router.subscribe((state) => {
            if (!state.initialized) return;
            stop();
            done();
          });
        });
  // In a transition, React hydrates in slices and gives the main thread back every few ms
  // (no long task holds a guest's first tap), parts the guest touches first hydrated first.
  void ready().then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // The loading page already speaks the page's language.
  void loadMessages(i18n.language as Lang).then(() => createRoot(root).render(app));
}
