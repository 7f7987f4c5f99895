// The view token of this page load: the server puts it in the Server-Timing header of the form page
// it sends (features/reach), which the page reads from its navigation entry; it goes back with the
// create (the submission's source) and the "started" beacon. None (an older browser, a page the
// service worker answered from its cache): the submission is direct and no start is counted.
import { VIEW_TIMING } from '../../engine/contract/reach-names.ts';

export function viewToken(): string | null {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.serverTiming?.find((timing) => timing.name === VIEW_TIMING)?.description || null;
  } catch {
    return null;
  }
}
