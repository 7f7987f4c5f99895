// The page's side of queueing a submission that got no answer (useSubmission.ts): sealed into the
// device's queue (queue.ts) with the request it was, the worker asked to send it when it can.
import type { Lang } from '../../engine/text/languages.ts';
import { isStorageFull } from './deviceStore.ts';
import { enqueue, pendingReference, sendQueue } from './queue.ts';
import { askForSync } from './register.ts';

/** A request lost while the browser says it is online: this page tries again, after these pauses (ms). */
const RETRY_AFTER_MS = [2_000, 10_000, 30_000, 60_000];

function retryFromPage(attempt = 0) {
  if (attempt >= RETRY_AFTER_MS.length) return;
  setTimeout(() => {
    void sendQueue().then(
      (result) => result === 'offline' && retryFromPage(attempt + 1),
      () => undefined,
    );
  }, RETRY_AFTER_MS[attempt]);
}

export type KeepOutcome = { kind: 'kept'; pendingRef: string } | { kind: 'full' } | { kind: 'failed' };

export async function keepOnDevice(submission: {
  formId: string;
  lang: Lang;
  data: Record<string, unknown>;
  request: { url: string; headers: Record<string, string> };
}): Promise<KeepOutcome> {
  const pendingRef = pendingReference();
  try {
    await enqueue({
      pendingRef,
      formId: submission.formId,
      page: `${location.pathname}${location.search}`,
      lang: submission.lang,
      url: submission.request.url,
      headers: submission.request.headers,
      data: submission.data,
    });
  } catch (error) {
    return (await isStorageFull(error)) ? { kind: 'full' } : { kind: 'failed' };
  }
  // Offline: the worker sends it when the connection is back, even with the page closed (Background
  // Sync; the page's 'online' listener and the next visit too). Online (the request was lost on its
  // way): this page tries again itself.
  if (navigator.onLine) retryFromPage();
  else void askForSync();
  return { kind: 'kept', pendingRef };
}
