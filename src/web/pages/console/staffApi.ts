// Calls the staff console makes: with the signed-in staff member's cookie, never the pages'
// public key (which would make the server treat the call as a guest page's).
import type { ListPage } from '../../../engine/contract/list-page.ts';
import { apiUrl, runtimeConfig } from '../../api/runtimeConfig.ts';

export interface StaffAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function staffRequest<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, json?: unknown, signal?: AbortSignal): Promise<StaffAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(apiUrl(path), {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
    // Same origin: the cookie goes by default; an API on another origin needs it asked for.
    credentials: runtimeConfig().apiBaseUrl ? 'include' : 'same-origin',
  });
  const text = await response.text();
  return { status: response.status, body: readJson(text) as T };
}

function readJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A read the page cannot do without: anything but 200 stops the page (its error page shows). */
export async function staffGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const answer = await staffRequest<T>('GET', path, undefined, signal);
  if (answer.status !== 200) throw new Response(null, { status: answer.status });
  return answer.body;
}

/** A Payload where clause as one query parameter (the server reads JSON there as well as qs brackets). */
export const whereParam = (where: unknown) => `where=${encodeURIComponent(JSON.stringify(where))}`;

/** A Payload list answer (src/engine/contract/list-page.ts). */
export type Page<T> = ListPage<T>;
