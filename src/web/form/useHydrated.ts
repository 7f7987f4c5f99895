// False while React renders on the server or hydrates the server's HTML, true afterwards: what
// only the browser knows (a draft in localStorage, the human check) waits for it, so hydration
// sees exactly the server's markup.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
