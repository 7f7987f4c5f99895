// "You are offline: ..." while the browser says it has no connection. Hydration sees the server's
// markup (online: nothing); the browser's own answer comes right after.
import { useSyncExternalStore } from 'react';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';

function subscribe(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** humanCheck: the form cannot be sent offline (a human check needs the server), so the banner says that instead. */
export function OfflineBanner({ lang, humanCheck }: { lang: Lang; humanCheck: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {t(humanCheck ? 'offlineBannerHumanCheck' : 'offlineBanner', lang)}
    </p>
  );
}
