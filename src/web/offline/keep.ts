// The page's side of queueing a submission that got no answer (useSubmission.ts): sealed into the
// device's queue (queue.ts) with the request it was, the worker asked to send it when it can.
import type { Lang } from '../../engine/languages.ts';
import { isQuotaError } from './deviceStore.ts';
import { enqueue, pendingReference } from './queue.ts';
import { askForSync } from './register.ts';

export type KeepOutcome = { kind: 'kept'; pendingRef: string } | { kind: 'full' } | { kind: 'failed' };

export async function keepOnDevice(submission: { formId: string; lang: Lang; data: Record<string, unknown>; request: { url: string; headers: Record<string, string> } }): Promise<KeepOutcome> {
  const pendingRef = pendingReference();
  try {
    await enqueue({ pendingRef, formId: submission.formId, page: `${location.pathname}${location.search}`, lang: submission.lang, url: submission.request.url, headers: submission.request.headers, data: submission.data });
  } catch (error) {
    return isQuotaError(error) || (error as Error)?.name === 'QuotaExceededError' ? { kind: 'full' } : { kind: 'failed' };
  }
  void askForSync();
  return { kind: 'kept', pendingRef };
}
