// The pages' entry: small on purpose. A page the server rendered (data-ssr) is painted first; only
// then are its chunks fetched (all at once, listed by the server in <meta name="page-modules">) and
// its application evaluated, so neither a module nor its download holds the form off the screen: the
// guest entry (guest.tsx: React, the texts, the page, no router) for a page that names its route (the
// server's page-route element, shell/GuestPage.tsx), else app.tsx (the router). A page the browser
// renders starts at once.
import './styles/fonts.css';
import './styles/base.css';

function start() {
  const listed = document.querySelector('meta[name="page-modules"]')?.getAttribute('content') ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The id is GuestPage.tsx's PAGE_ROUTE_ID (not imported: this entry stays a few hundred bytes).
  if (document.getElementById('page-route')) void import('./guest.tsx');
  else void import('./app.tsx');
}

/** Runs `then` once the browser reports the first contentful paint (the frame presented), or after a second whatever it reports. */
function afterFirstPaint(then: () => void) {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    then();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) go();
      })
    : undefined;
  if (observer) {
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(go, 1000);
  } else {
    // A frame's callbacks run before it is painted; a task queued from there runs after it.
    requestAnimationFrame(() => setTimeout(go, 0));
  }
}

// Once the page is loaded and the browser idle, off the first render's path: the service worker and
// the offline queue (offline/register.ts). Not on the development server (no built worker there).
if (import.meta.env.PROD) {
  const later = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => void import('./offline/register.ts'), { timeout: 5000 })
      : setTimeout(() => void import('./offline/register.ts'), 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

if (document.getElementById('root')?.hasAttribute('data-ssr') && document.visibilityState === 'visible') {
  afterFirstPaint(start);
} else {
  // The browser renders this page (nothing to paint first), or a background tab (no frames come).
  start();
}
