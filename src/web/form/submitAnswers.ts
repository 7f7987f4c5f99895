// Sends the answers to the form's collection and turns the answer into something the page can
// show: created, field errors, a refusal with the server's reason, or no connection at all.
import type { Lang } from '../../engine/definition.ts';
import { apiRequest } from '../api/client.ts';
import type { FormData } from './context.ts';

export const CREATED = 201;

export type SubmitOutcome =
  | { kind: 'created'; doc: Record<string, unknown> }
  /** 400 (a rule failed) or 409 (e.g. phone already registered): messages belong next to fields. */
  | { kind: 'invalid'; status: number; fieldErrors: { field: string; message: string }[] }
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
    answer = await apiRequest<CreateAnswer | null>('POST', `/api/${encodeURIComponent(collection)}`, { json: data, headers });
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
      // A path such as "dependents.0.name" belongs to the top-level question "dependents".
      fieldErrors: fieldErrors.filter((e) => e.path && e.message).map((e) => ({ field: e.path!.split('.')[0], message: e.message! })),
    };
  }
  return { kind: 'rejected', status: answer.status, message: errors[0]?.message };
}
