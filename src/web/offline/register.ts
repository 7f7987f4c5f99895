// Loaded by every page once it is loaded and idle (main.tsx), never on the first render's path:
// registers the service worker (src/web/sw/sw.ts), asks it to keep this page and what it loaded
// before the worker was there, and sends the offline queue now (the next visit of any of our
// pages), whenever the browser is back online, and by Background Sync where the browser has it.
import { QUEUE_SYNC_TAG, sendQueue } from './queue.ts';

function send() {
  void sendQueue().catch(() => undefined); // no IndexedDB (private mode): nothing was kept either
}

/** The page itself, the runtime settings and the files it loaded, into the worker's caches (Workbox's CACHE_URLS). */
function keepThisPage(worker: ServiceWorker) {
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/runtime-config.js');
    });
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [[location.href, { headers: { Accept: 'text/html' } }], ...loaded] } });
}

/** After a submission was queued: the worker sends it when the connection is back, even with the page closed. */
export async function askForSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(QUEUE_SYNC_TAG).catch(() => undefined);
}

window.addEventListener('online', send);
send();
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active && keepThisPage(registration.active))
    .catch(() => undefined); // no worker (a browser setting): the pages work as before, online
}
