// What a page takes from whatever shows it: its loader's data, its address, and a way to another
// address. One set of hooks for both ways a page is shown: under react-router (app.tsx: staff pages,
// pages the browser renders; shell/routerPage.tsx provides it) and in the guest entry (guest.tsx: the
// pages the server rendered, without the router; shell/GuestPage.tsx provides it). A page reads
// these, never react-router, so it works under both.
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface PageNavigateOptions {
  /** Replaces the current history entry (the kiosk going back to its own language). */
  replace?: boolean;
  /** Keeps the scroll position (a language switch). */
  preventScrollReset?: boolean;
}

export interface PageNavigation {
  /** What the page's loader returned. */
  data: unknown;
  location: PageLocation;
  /**
   * Goes to `to` (an address, absolute or relative to the page's): under the router a navigation of
   * its own; in the guest entry, the same page with another query is loaded in place (its loader runs
   * again, what was typed stays) and any other page is a page load.
   */
  navigate: (to: string, options?: PageNavigateOptions) => void;
}

export const PageContext = createContext<PageNavigation | null>(null);

function usePage(): PageNavigation {
  const page = useContext(PageContext);
  if (!page) throw new Error('A page hook was used outside a page (shell/routerPage.tsx or shell/GuestPage.tsx provides it)');
  return page;
}

/** The page's loader data. */
export function usePageData<T>(): T {
  return usePage().data as T;
}

export function usePageLocation(): PageLocation {
  return usePage().location;
}

export function usePageSearch(): URLSearchParams {
  const { search } = usePageLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export function usePageNavigate(): PageNavigation['navigate'] {
  return usePage().navigate;
}

type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; preventScrollReset?: boolean };

/**
 * A real link (it works without JavaScript, opens in a new tab): a plain click goes through the
 * page's navigate (under the router, no page load; in the guest entry, see PageNavigation.navigate).
 */
export function PageLink({ href, preventScrollReset, onClick, ...anchor }: PageLinkProps) {
  const { navigate } = usePage();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (anchor.target && anchor.target !== '_self') || anchor.download !== undefined) return;
    const to = new URL(href, window.location.href);
    if (to.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${to.pathname}${to.search}${to.hash}`, { preventScrollReset });
  };
  return <a href={href} onClick={click} {...anchor} />;
}
