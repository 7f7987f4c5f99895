// The service worker (built apart into dist/sw.js by vite.sw.config.ts, served at the root so its
// scope is every page). With Workbox: the form pages' own code, styles and fonts are precached at
// install (the build's list, virtual:precache); what a visited form loads besides (its definition,
// validator, texts) is kept as it is fetched, the pages are fetched first and kept for when there is
// no network. API answers are never kept (they may hold personal data). It also sends the offline
// queue on Background Sync (offline/queue.ts).
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { precache } from 'virtual:precache';
import { QUEUE_SYNC_TAG, sendQueue } from '../offline/queue.ts';

/** What this file uses of the worker's global (the webworker lib would clash with the pages' DOM lib in one program). */
interface SyncEvent extends Event {
  tag: string;
  waitUntil(done: Promise<unknown>): void;
}
declare const self: { location: Location; skipWaiting(): Promise<void>; addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void };

/** Pages the console and sign-in own: never kept on a device. */
const STAFF_PAGE = /^\/(staff|login|console|api|page-scripts)(\/|$)/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(precache);

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })] }));

// A guest page (navigation, or the page asking for its own address to be kept: offline/register.ts) and the runtime settings.
const pages = new NetworkFirst({ cacheName: 'pages', matchOptions: { ignoreVary: true }, plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 })] });
registerRoute(({ url, request }) => {
  if (url.origin !== self.location.origin || request.method !== 'GET') return false;
  if (url.pathname === '/runtime-config.js') return true;
  const page = request.mode === 'navigate' || request.headers.get('Accept')?.startsWith('text/html') === true;
  return page && !STAFF_PAGE.test(url.pathname);
}, pages);

self.addEventListener('sync', (event) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  // Rejected while offline: the browser tries the sync again later.
  event.waitUntil(sendQueue().then((result) => {
    if (result === 'offline') throw new Error('queue not sent yet');
  }));
});
