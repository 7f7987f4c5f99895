// The offline queue: a submission that could not reach the server is kept sealed on the device
// (deviceStore.ts) with its Idempotency-Key and sent later, oldest first, by whichever of our
// pages or the service worker (Background Sync) gets there first; the key makes the server store
// it once however often it arrives (two tabs, a page and the worker). Files chosen offline are
// uploaded first (keptFiles.ts). A 201 deletes it; a refusal
// (4xx) keeps it, marked refused with the server's reason, until the guest corrects and resends
// it; no answer (or a 5xx) leaves it waiting. Kept 7 days at most (expireQueue). Events go to
// every open page of ours (BroadcastChannel) and to this one's own listeners.
import type { Lang } from '../../engine/text/languages.ts';
import { readCreateAnswer, type SubmitOutcome } from '../form/createAnswer.ts';
import { deviceDb, keptDeviceDb, seal, unseal, type SealedRow } from './deviceStore.ts';
import { keptFileIds } from './keptFileIds.ts';
import { expireKeptFiles, forgetKeptFiles, sendKeptFiles } from './keptFiles.ts';

export const QUEUE_SYNC_TAG = 'venue-forms-queue';
const CHANNEL = 'venue-forms-queue';
const QUEUE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface QueuedSubmission {
  /** Shown to the guest until the server gives the real reference. */
  pendingRef: string;
  formId: string;
  /** The page's path and query: where the guest corrects it. */
  page: string;
  lang: Lang;
  url: string;
  headers: Record<string, string>;
  data: Record<string, unknown>;
  /** The server's reason, once it refused it. */
  refusal?: Refusal;
}

export type Refusal = Extract<SubmitOutcome, { kind: 'invalid' | 'rejected' }>;

export type QueueEvent =
  | { type: 'queued'; pendingRef: string }
  | { type: 'sent'; pendingRef: string; doc: Record<string, unknown>; copyLink?: string }
  | { type: 'refused'; pendingRef: string; refusal: Refusal };

export interface QueueItem {
  id: number;
  at: number;
  entry: QueuedSubmission;
}

const listeners = new Set<(event: QueueEvent) => void>();
let channel: BroadcastChannel | undefined;

/** Told of every queue event, of this page and of our other pages and worker. */
export function onQueueEvent(listener: (event: QueueEvent) => void): () => void {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<QueueEvent>) => listeners.forEach((each) => each(message.data));
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(event: QueueEvent) {
  listeners.forEach((each) => each(event));
  if (typeof BroadcastChannel !== 'function') return;
  const out = new BroadcastChannel(CHANNEL);
  out.postMessage(event);
  out.close();
}

/** A short reference for the guest while it waits ("P-4K7Q9X"). */
export function pendingReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `P-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** Keeps a submission on the device; throws when it cannot (a quota error: isQuotaError). */
export async function enqueue(entry: QueuedSubmission): Promise<void> {
  const db = await deviceDb();
  await db.add('queue', { at: Date.now(), state: 'waiting', ...(await seal(entry)) });
  announce({ type: 'queued', pendingRef: entry.pendingRef });
}

/** Every kept submission, oldest first, opened. */
export async function queueItems(state?: SealedRow['state']): Promise<QueueItem[]> {
  const rows = (await (await keptDeviceDb())?.getAll('queue')) ?? [];
  const items: QueueItem[] = [];
  for (const row of rows) if (!state || row.state === state) items.push({ id: row.id!, at: row.at, entry: await unseal<QueuedSubmission>(row) });
  return items.sort((a, b) => a.at - b.at || a.id - b.id);
}

export async function waitingCount(): Promise<number> {
  const rows = (await (await keptDeviceDb())?.getAll('queue')) ?? [];
  return rows.filter((row) => row.state === 'waiting').length;
}

export async function forget(id: number): Promise<void> {
  await (await deviceDb()).delete('queue', id);
}

/** Deletes what waited longer than 7 days; says how many, for the note the page shows. */
export async function expireQueue(now = Date.now()): Promise<number> {
  const db = await keptDeviceDb();
  if (!db) return 0;
  const old = (await db.getAll('queue')).filter((row) => now - row.at > QUEUE_TTL_MS);
  for (const row of old) await db.delete('queue', row.id!);
  await expireKeptFiles(QUEUE_TTL_MS, now);
  return old.length;
}

/** Kept, marked refused with the server's reason, until the guest corrects and resends it. */
async function refuse(id: number, at: number, entry: QueuedSubmission, refusal: Refusal): Promise<void> {
  await (await deviceDb()).put('queue', { id, at, state: 'refused', ...(await seal({ ...entry, refusal })) });
  announce({ type: 'refused', pendingRef: entry.pendingRef, refusal });
}

/** One sender at a time across our tabs and worker (the key would store a double once anyway). */
async function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? ((await locks.request(QUEUE_SYNC_TAG, run)) as T) : run();
}

/**
 * Sends what waits, oldest first. 'offline' when a request got no answer (the rest waits for the
 * next chance, in order); 'done' when nothing waits any more (refused ones wait for the guest).
 */
export function sendQueue(): Promise<'done' | 'offline'> {
  return exclusively(async () => {
    // One older than 7 days is not sent: the form's page deletes it with a note (QueueNotices.tsx).
    const fresh = (await queueItems('waiting')).filter((item) => Date.now() - item.at <= QUEUE_TTL_MS);
    for (const item of fresh) {
      const { id, at } = item;
      let { entry } = item;
      // Files chosen offline go up first; the entry then names their uploads (kept so, should the create fail).
      if (keptFileIds(entry.data).length) {
        const files = await sendKeptFiles(entry.data, entry.url, entry.headers);
        if (files.kind === 'offline') return 'offline';
        if (files.kind === 'refused') {
          await refuse(id, at, entry, files.refusal);
          continue;
        }
        const claims = [entry.headers['X-Upload-Claim'], ...files.claims].filter(Boolean).join(',');
        entry = { ...entry, data: files.data, headers: { ...entry.headers, ...(claims ? { 'X-Upload-Claim': claims } : {}) } };
        await (await deviceDb()).put('queue', { id, at, state: 'waiting', ...(await seal(entry)) });
        await forgetKeptFiles(files.kept);
      }
      let response: Response;
      try {
        response = await fetch(entry.url, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...entry.headers },
          body: JSON.stringify(entry.data),
          credentials: 'omit',
        });
      } catch {
        return 'offline';
      }
      const text = await response.text().catch(() => '');
      let body = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: a refusal without reason
      }
      const outcome = readCreateAnswer(response.status, body);
      if (outcome.kind === 'created') {
        await forget(id);
        // Only what the thanks shows: the reference, never the stored answers.
        const { reference, id: docId } = outcome.doc;
        announce({ type: 'sent', pendingRef: entry.pendingRef, doc: { reference, id: docId }, ...(outcome.copyLink ? { copyLink: outcome.copyLink } : {}) });
      } else if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        await refuse(id, at, entry, outcome);
      } else {
        // Busy or failing server: kept in order for the next chance.
        return 'offline';
      }
    }
    return 'done';
  });
}
