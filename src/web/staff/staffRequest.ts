// The staff pages' one way to call our server: with the signed-in staff member's session cookie,
// never the pages' public API key (the key would stand for a guest page, not the user). The server
// honours the cookie only from this site (CSRF). Page folders may not call fetch (eslint.config.js).
import type { ErrorBody, FieldError } from '../../engine/contract/errors.ts';
import type { ListPage } from '../../engine/contract/list-page.ts';
import { apiUrl } from '../api/runtimeConfig.ts';

export type StaffMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface StaffAnswer<T = unknown> {
  status: number;
  /** The JSON answer; null when there is none or it is not JSON (a proxy's error page): the status says what happened. */
  body: T;
  headers: Headers;
}

/** The raw response, for the answers that are not one JSON document (a download, a stream of events). */
export function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(apiUrl(path), { ...init, credentials: 'include' });
}

/** A call: `json` goes as the JSON body, a FormData as multipart. */
export async function staffRequest<T = unknown>(
  method: StaffMethod,
  path: string,
  json?: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<StaffAnswer<T>> {
  const form = json instanceof FormData;
  const response = await staffFetch(path, {
    method,
    headers: { Accept: 'application/json', ...(json === undefined || form ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: json === undefined ? undefined : form ? json : JSON.stringify(json),
    signal,
  });
  const text = await response.text();
  return { status: response.status, body: readJson(text) as T, headers: response.headers };
}

function readJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A read the page cannot do without: anything but 200 stops the page (its error page shows). */
export async function staffGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const answer = await staffRequest<T>('GET', path, undefined, signal);
  if (answer.status !== 200) throw new Response(null, { status: answer.status });
  return answer.body;
}

/** What a refusal says: the error's name and message, and a validation error's fields. */
export interface Refusal {
  name: string | null;
  message: string | null;
  fields: FieldError[];
  /** The first field's message, else the error's: what a page shows. */
  text: string | null;
}

/** Reads the Payload error body (engine/contract/errors.ts) of any answer; a body of another shape says nothing. */
export function refusalOf(body: unknown): Refusal {
  const error = (body as Partial<ErrorBody> | null)?.errors?.[0];
  const data = error?.data as { errors?: unknown } | undefined;
  const fields = Array.isArray(data?.errors) ? (data.errors as FieldError[]).filter((field) => field && typeof field.message === 'string') : [];
  const message = typeof error?.message === 'string' ? error.message : null;
  return { name: typeof error?.name === 'string' ? error.name : null, message, fields, text: fields[0]?.message ?? message };
}

/** A Payload where clause as one query parameter (the server reads JSON there as well as qs brackets). */
export const whereParam = (where: unknown) => `where=${encodeURIComponent(JSON.stringify(where))}`;

/** A Payload list answer (src/engine/contract/list-page.ts). */
export type Page<T> = ListPage<T>;
