// The guest entry: the pages the server rendered (forms, hubs, documents, a guest's case), hydrated
// without react-router (shell/GuestPage.tsx), so a guest's phone neither downloads nor runs it. main.tsx
// loads it when the page names its route (the server's page-route element); everything else (staff
// pages, pages the browser renders) takes app.tsx and the router.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { routesTable } from 'virtual:route-set';
import { GuestApp, loadGuestView, readPageRoute } from './shell/GuestPage.tsx';

const root = document.getElementById('root');
const route = readPageRoute();
if (!root || !route) throw new Error('guest.tsx: the page has no #root or no page-route element');

// Hydrated once the page's code and data are here, so the first render in the browser is the HTML
// already on screen; in a transition, React hydrates in slices and gives the main thread back every few ms.
void loadGuestView(routesTable, route, new URL(window.location.href)).then((view) =>
  startTransition(() => void hydrateRoot(root, <GuestApp table={routesTable} route={route} initial={view} />)),
);
