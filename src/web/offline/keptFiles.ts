// Files chosen without a connection (FileWidget.tsx): kept sealed on the device under the number
// that stands for them in the answers (keptFileIds.ts), uploaded when the answers are sent (from the
// page, or later from the queue by a page or the service worker), then deleted. Uploading them is
// the upload any chosen file gets (POST /api/{collection}, the pages' key, the claim the server
// gives back for the create's X-Upload-Claim), by fetch: the service worker has no XMLHttpRequest.
import { readCreateAnswer, type SubmitOutcome } from '../form/createAnswer.ts';
import { deviceDb, keptDeviceDb, seal, sealBytes, unseal, unsealBytes } from './deviceStore.ts';
import { keptFileIds, newKeptFileId, withUploadIds } from './keptFileIds.ts';

interface About {
  name: string;
  type: string;
  collection: string;
}

/** Keeps a chosen file on the device; its number for the answers. Throws when it cannot (storage full: isStorageFull). */
export async function keepFile(file: File, collection: string): Promise<number> {
  const id = newKeptFileId();
  const about: About = { name: file.name, type: file.type, collection };
  const [bytes, sealedAbout] = await Promise.all([file.arrayBuffer().then(sealBytes), seal(about)]);
  await (await deviceDb()).put('files', { at: Date.now(), ...bytes, about: sealedAbout }, id);
  return id;
}

export type SentFiles =
  | { kind: 'sent'; data: Record<string, unknown>; claims: string[]; kept: number[] }
  | { kind: 'offline' }
  | { kind: 'refused'; refusal: Extract<SubmitOutcome, { kind: 'invalid' | 'rejected' }> };

/**
 * Uploads the kept files the answers name and gives the answers with their upload ids, the claims
 * to send with them and the numbers to forget once the server stored the submission. `createUrl` is
 * the create's own address, relative to the page or worker or not (the uploads go to the same server); `headers` carry the pages' key.
 */
export async function sendKeptFiles(data: Record<string, unknown>, createUrl: string, headers: Record<string, string>): Promise<SentFiles> {
  const kept = [...new Set(keptFileIds(data))];
  const db = await keptDeviceDb();
  const ids = new Map<number, number | string>();
  const claims: string[] = [];
  for (const number of kept) {
    const row = await db?.get('files', number);
    // Gone (sent meanwhile from another tab, or expired): the server names the question.
    if (!row) continue;
    const about = await unseal<About>(row.about);
    const body = new FormData();
    body.append('file', new File([await unsealBytes(row)], about.name, { type: about.type }), about.name);
    let response: Response;
    try {
      response = await fetch(new URL(`/api/${encodeURIComponent(about.collection)}`, new URL(createUrl, globalThis.location.href)), {
        method: 'POST',
        headers: { Accept: 'application/json', ...(headers.Authorization ? { Authorization: headers.Authorization } : {}) },
        body,
        credentials: 'omit',
      });
    } catch {
      return { kind: 'offline' };
    }
    const answer = (await response.json().catch(() => null)) as { doc?: { id?: number | string }; claim?: unknown } | null;
    if ((response.status === 200 || response.status === 201) && answer?.doc?.id !== undefined) {
      ids.set(number, answer.doc.id);
      if (typeof answer.claim === 'string') claims.push(answer.claim);
      continue;
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      const refusal = readCreateAnswer(response.status, answer as never);
      if (refusal.kind !== 'created') return { kind: 'refused', refusal };
    }
    return { kind: 'offline' };
  }
  return { kind: 'sent', data: withUploadIds(data, ids), claims, kept };
}

/** Deletes kept files (their submission is stored, or given up). */
export async function forgetKeptFiles(numbers: readonly number[]): Promise<void> {
  if (!numbers.length) return;
  const db = await keptDeviceDb();
  if (db) for (const number of numbers) await db.delete('files', number);
}

/** Deletes kept files older than `ttlMs` (with the queue's expiry: no submission names them any more). */
export async function expireKeptFiles(ttlMs: number, now = Date.now()): Promise<void> {
  const db = await keptDeviceDb();
  if (!db) return;
  const tx = db.transaction('files', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) if (now - cursor.value.at > ttlMs) await cursor.delete();
  await tx.done;
}

/** Kept files now uploaded and named by a stored (or queued) submission: off the device (a failure leaves them to expire). */
export async function forgetUploaded(numbers: readonly number[]): Promise<void> {
  await forgetKeptFiles(numbers).catch(() => undefined);
}
