// The guest pages' HTTP client: every call carries the public API key, and answers are returned
// as values (status + body) so callers decide what a failure means to the guest. Staff pages call
// through the staff kit instead (src/web/staff/staffRequest.ts: the session cookie, never the key).
import type { ListPage } from '../../engine/contract/list-page.ts';
import { apiUrl, runtimeConfig } from './runtimeConfig.ts';

/** The id of the page's element holding the API answers of the server's render. */
export const API_ANSWERS_ID = 'api-answers';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  /** The answer's ETag, when it has one (a roster asked again with If-None-Match). */
  etag?: string | null;
}

export function authHeaders(): Record<string, string> {
  const key = runtimeConfig().publicApiKey;
  return key ? { Authorization: `users API-Key ${key}` } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let send: typeof fetch = (input, init) => fetch(input, init);

/**
 * The API's answers the server's render of this page used (written into it by
 * src/server/features/render/prerender.ts as JSON data): as many GETs of each address as the render made
 * are answered from here, so hydration waits for no request; any later one asks the server.
 */
const answeredInPage = readAnswersInPage();

function readAnswersInPage(): Map<string, { body: unknown; reads: number }> {
  const element = typeof document === 'undefined' ? null : document.getElementById(API_ANSWERS_ID);
  try {
    return new Map(Object.entries(element?.textContent ? (JSON.parse(element.textContent) as Record<string, { body: unknown; reads: number }>) : {}));
  } catch {
    return new Map();
  }
}

/** The server rendering a page (src/web/ssr/) answers the page's API calls itself, without the network. */
export function setApiFetch(fetcher: typeof fetch): void {
  send = fetcher;
}

/** Throws only when the request could not be made (network down, CORS): that is a different message for the guest. */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  init: { json?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiAnswer<T>> {
  const url = apiUrl(path);
  const inPage = method === 'GET' ? answeredInPage.get(url) : undefined;
  if (inPage) {
    if (--inPage.reads <= 0) answeredInPage.delete(url);
    return { status: 200, body: inPage.body as T };
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(), ...init.headers };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(url, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: init.signal,
    credentials: 'omit',
  });
  return { status: response.status, body: (await readBody(response)) as T, etag: response.headers.get('etag') };
}

/** GET that logs failures and gives null: content lookups must never stop a page (a missing logo or text falls back, the form still opens). */
export async function fetchOrNull<T>(path: string, what: string, signal?: AbortSignal): Promise<T | null> {
  try {
    const answer = await apiRequest<T>('GET', path, { signal });
    if (answer.status === 200) return answer.body;
    console.error(`Could not load ${what}: HTTP ${answer.status}`, answer.body);
  } catch (error) {
    if ((error as Error).name !== 'AbortError') console.error(`Could not load ${what}`, error);
  }
  return null;
}

/** What the pages read of a Payload list answer (src/engine/contract/list-page.ts): its docs. */
export type DocList<T> = Pick<ListPage<T>, 'docs'>;

export function collectionQuery(collection: string, params: Record<string, string | number>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api/${encodeURIComponent(collection)}${query ? `?${query}` : ''}`;
}
