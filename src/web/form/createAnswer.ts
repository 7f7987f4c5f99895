// The server's answer to a create, as the page shows it: created, field errors, a refusal with the
// server's reason. One reading for a submit from the page and for one sent later from the device's
// queue (offline/queue.ts, which the service worker runs too: nothing here touches the page).
export const CREATED = 201;

export type SubmitOutcome =
  /** copyLink: a waiver's signed copy for this guest (the server's `waiverCopy` beside Payload's doc). */
  | { kind: 'created'; doc: Record<string, unknown>; copyLink?: string }
  /** 400 (a rule failed) or 409 (e.g. phone already registered): messages belong next to fields; `path` is e.g. "dependents.0.name". */
  | { kind: 'invalid'; status: number; fieldErrors: { path: string; message: string }[] }
  /** name: the error's Payload name, e.g. FormUnavailable (engine/contract/availability.ts): its message is then the guest's to read. */
  | { kind: 'rejected'; status: number; message?: string; name?: string }
  /** No answer at all (no connection): `request`, when it may be sent later from the device's queue (a guest's create, offline/queue.ts; never a staff save). */
  | {
      kind: 'unreachable';
      request?: { url: string; headers: Record<string, string> };
      /** The answers to keep instead of the page's, and the kept files they no longer need: files chosen offline uploaded before the create was lost (offline/keptFiles.ts). */
      data?: Record<string, unknown>;
      uploaded?: number[];
    };

interface PayloadError {
  name?: string;
  message?: string;
  data?: { errors?: { path?: string; message?: string }[] } | unknown;
}
export interface CreateAnswer {
  doc?: Record<string, unknown>;
  waiverCopy?: string;
  /** A reporter's case code and secret (features/reporter): kept with the doc for the thank-you panel, shown once. */
  reporter?: unknown;
  /** A form with success.reviewAsk: the counted review links of the submission's venue (features/reach), kept with the doc for the thank-you panel. */
  reviewAsk?: unknown;
  errors?: PayloadError[];
}

export function readCreateAnswer(status: number, body: CreateAnswer | null): Exclude<SubmitOutcome, { kind: 'unreachable' }> {
  if (status === CREATED) {
    const copyLink = body?.waiverCopy;
    const doc = { ...body?.doc, ...(body?.reporter ? { reporter: body.reporter } : {}), ...(body?.reviewAsk ? { reviewAsk: body.reviewAsk } : {}) };
    return { kind: 'created', doc, ...(typeof copyLink === 'string' ? { copyLink } : {}) };
  }
  const errors = body?.errors ?? [];
  const fieldErrors = errors.flatMap((error) => {
    const list = (error.data as { errors?: unknown })?.errors;
    return Array.isArray(list) ? (list as { path?: string; message?: string }[]) : [];
  });
  if (status >= 400 && status < 500 && fieldErrors.length > 0) {
    return {
      kind: 'invalid',
      status,
      fieldErrors: fieldErrors.filter((e) => e.path && e.message).map((e) => ({ path: e.path!, message: e.message! })),
    };
  }
  return { kind: 'rejected', status, message: errors[0]?.message, ...(errors[0]?.name ? { name: errors[0].name } : {}) };
}
