// The service worker (built apart into dist/sw.js by vite.sw.config.ts, served at the root so its
// scope is every page). With Workbox: the form pages' own code, styles and fonts are precached at
// install (the build's list, virtual:precache); what a visited form loads besides (its definition,
// validator, texts) is kept as it is fetched, the pages are fetched first and kept for when there is
// no network (never a page sent with no-store: one person's), except a form page already kept: a repeat visit shows it at once and it is fetched again
// in the background (its availability is asked by the page, a newer definition is the server's to
// refuse at the submit). API answers are never kept (they may hold personal data). It also sends the
// offline queue on Background Sync (offline/queue.ts).
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { buildId, precache } from 'virtual:precache';
import { QUEUE_SYNC_TAG, sendQueue } from '../offline/queue.ts';

/** What this file uses of the worker's global (the webworker lib would clash with the pages' DOM lib in one program). */
interface SyncEvent extends Event {
  tag: string;
  waitUntil(done: Promise<unknown>): void;
}
declare const self: {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync' | 'activate', listener: (event: SyncEvent) => void): void;
};

/** Pages of signed-in staff and employees (the console, sign-in, chat, perks), the API and the scripts frame: never kept on a device. */
const STAFF_PAGE = /^\/(staff|login|login-success|chat|employee\/perks|api|page-scripts)(\/|$)/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(precache);

// The runtime caches are the build's own (no expiration database: a kiosk's IndexedDB stays empty);
// a new build's worker deletes the old build's once it takes over.
const ASSETS = `assets-${buildId}`;
const PAGES = `pages-${buildId}`;
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => /^(assets|pages)-/.test(name) && name !== ASSETS && name !== PAGES).map((name) => caches.delete(name))),
      ),
  );
});

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: ASSETS }));

// A guest page (navigation, or the page asking for its own address to be kept: offline/register.ts) and the runtime settings.
const matchOptions = { ignoreVary: true };
/**
 * Only a page the server lets be kept: one person's page (a guest's case page, a party's roster: sent
 * with no-store) is never written to the device, nor is anything but a whole 200 answer.
 */
const keepable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/no-store|private/i.test(response.headers.get('cache-control') ?? '') ? response : null,
};
const pages = new NetworkFirst({ cacheName: PAGES, matchOptions, plugins: [keepable] });
/** A form page kept from an earlier visit (the server names the page's kind: x-page-kind): shown from the cache, fetched again meanwhile. */
const keptForms = new StaleWhileRevalidate({ cacheName: PAGES, matchOptions, plugins: [keepable] });
registerRoute(
  ({ url, request }) => {
    if (url.origin !== self.location.origin || request.method !== 'GET') return false;
    if (url.pathname === '/runtime-config.js') return true;
    const page = request.mode === 'navigate' || request.headers.get('Accept')?.startsWith('text/html') === true;
    return page && !STAFF_PAGE.test(url.pathname);
  },
  async (options) => {
    const kept = options.request.mode === 'navigate' ? await caches.open(PAGES).then((cache) => cache.match(options.request, matchOptions)) : undefined;
    return (kept?.headers.get('x-page-kind') === 'form' ? keptForms : pages).handle(options);
  },
);

self.addEventListener('sync', (event) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  // Rejected while offline: the browser tries the sync again later.
  event.waitUntil(
    sendQueue().then((result) => {
      if (result === 'offline') throw new Error('queue not sent yet');
    }),
  );
});
