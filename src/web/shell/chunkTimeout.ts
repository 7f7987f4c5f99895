// Pages and their data are separate chunks. On a slow network a chunk may never arrive: after the
// product's 120 s limit the load fails and the router's error element shows the error page
// instead of a spinner forever.
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Loading the page took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One promise per key, so a chunk is fetched once per visit; a failure may be retried. */
export function loadOnce<K, T>(cache: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}
