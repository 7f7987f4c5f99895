// False while React renders on the server or hydrates the server's HTML, true afterwards: what
// only the browser knows (a draft in localStorage, the human check) waits for it, so hydration
// sees exactly the server's markup.
import { useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** A component using it renders again, at once, after hydration: for small parts of the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** True while React renders on the server or hydrates the server's HTML (the guest entry, shell/GuestPage.tsx, removes the root's data-ssr once it is hydrated). */
export function isHydrating(): boolean {
  return typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-ssr') === true;
}

/**
 * useHydrated for a part of the page that changes after hydration only when `changes` says so
 * (asked once, in the browser, right after hydration): without a change the component is not
 * rendered again. What the whole form depends on uses it, so an empty form is hydrated once.
 */
export function useHydratedChange(changes: () => boolean): boolean {
  const [answer] = useState<{ value?: boolean }>(() => ({}));
  return useSyncExternalStore(
    noSubscription,
    () => (answer.value ??= changes()),
    () => false,
  );
}
