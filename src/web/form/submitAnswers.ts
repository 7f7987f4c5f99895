// Sends the answers to the form's collection and turns the answer into something the page can
// show: created, field errors, a refusal with the server's reason, or no connection at all.
import type { Lang } from '../../engine/definition.ts';
import { apiRequest } from '../api/client.ts';
import type { FormData } from './context.ts';

export const CREATED = 201;

export type SubmitOutcome =
  | { kind: 'created'; doc: Record<string, unknown> }
  /** 400 (a rule failed) or 409 (e.g. phone already registered): messages belong next to fields; `path` is e.g. "dependents.0.name". */
  | { kind: 'invalid'; status: number; fieldErrors: { path: string; message: string }[] }
  | { kind: 'rejected'; status: number; message?: string }
  | { kind: 'unreachable' };

interface PayloadError {
  name?: string;
  message?: string;
  data?: { errors?: { path?: string; message?: string }[] } | unknown;
}
interface CreateAnswer {
  doc?: Record<string, unknown>;
  errors?: PayloadError[];
}

export async function submitAnswers(collection: string, data: FormData, options: { lang: Lang; captchaProof?: string | null }): Promise<SubmitOutcome> {
  const headers: Record<string, string> = { 'Accept-Language': options.lang };
  if (options.captchaProof) headers['X-Captcha-Proof'] = options.captchaProof;
  let answer;
  try {
    // ?locale= is how Payload takes the language; the server words its errors and records the waiver evidence in it.
    const path = `/api/${encodeURIComponent(collection)}?locale=${encodeURIComponent(options.lang)}`;
    answer = await apiRequest<CreateAnswer | null>('POST', path, { json: data, headers });
  } catch {
    return { kind: 'unreachable' };
  }
  if (answer.status === CREATED) return { kind: 'created', doc: answer.body?.doc ?? {} };
  const errors = answer.body?.errors ?? [];
  const fieldErrors = errors.flatMap((error) => {
    const list = (error.data as { errors?: unknown })?.errors;
    return Array.isArray(list) ? (list as { path?: string; message?: string }[]) : [];
  });
  if (answer.status >= 400 && answer.status < 500 && fieldErrors.length > 0) {
    return {
      kind: 'invalid',
      status: answer.status,
      fieldErrors: fieldErrors.filter((e) => e.path && e.message).map((e) => ({ path: e.path!, message: e.message! })),
    };
  }
  return { kind: 'rejected', status: answer.status, message: errors[0]?.message };
}
