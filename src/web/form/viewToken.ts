// The view token of this page load: the server puts it in the Server-Timing header of the form page
// it sends (features/reach), which the page reads from its navigation entry; it goes back with the
// create (the submission's source) and the "started" beacon (sendStarted). None (an older browser, a
// page the service worker answered from its cache): the submission is direct and no start is counted.
import { FUNNEL_START_PATH, VIEW_TIMING } from '../../engine/contract/reach-names.ts';
import { apiUrl } from '../api/runtimeConfig.ts';

export function viewToken(): string | null {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.serverTiming?.find((timing) => timing.name === VIEW_TIMING)?.description || null;
  } catch {
    return null;
  }
}

let started = false;

/** The "started" beacon: once per page load, on the guest's first answer; no cookie, no person, only the view token. */
export function sendStarted(): void {
  if (started) return;
  started = true;
  const token = viewToken();
  try {
    if (token) navigator.sendBeacon(apiUrl(FUNNEL_START_PATH), token);
  } catch {
    // no beacon (an old browser): nothing is counted
  }
}
