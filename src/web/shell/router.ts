// A tiny history router: the app only needs the current path and query, and in-page navigation
// (the language switch) that keeps React state, so typed answers survive a language change.
import { useSyncExternalStore } from 'react';

const NAVIGATED = 'app:navigated';

function subscribe(notify: () => void): () => void {
  window.addEventListener('popstate', notify);
  window.addEventListener(NAVIGATED, notify);
  return () => {
    window.removeEventListener('popstate', notify);
    window.removeEventListener(NAVIGATED, notify);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export interface AppLocation {
  pathname: string;
  query: URLSearchParams;
  href: string;
}

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, query: url.searchParams, href };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The same page with one query parameter changed; every other parameter is kept. */
export function withQueryParam(location: AppLocation, name: string, value: string): string {
  const query = new URLSearchParams(location.query);
  query.set(name, value);
  return `${location.pathname}?${query.toString()}`;
}
