// What the pages keep on the device (the offline queue, the forms' drafts, files chosen offline) lives in IndexedDB, sealed with AES-GCM
// under a key the browser generated as non-extractable and keeps in the same database: its bytes
// can be used by our pages and service worker, never read out. A record holds only its row id,
// its time, its state and the sealed bytes, so nothing of a guest's answers is readable on the
// device. Shared by the pages and the service worker (both run it; neither touches localStorage).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

const DB_NAME = 'venue-forms-device';

export interface SealedRow {
  id?: number;
  /** When it was kept (ms): the queue is sent oldest first and expires by it. */
  at: number;
  state: 'waiting' | 'refused';
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
}

export type SealedDraft = Pick<SealedRow, 'at' | 'iv' | 'sealed'>;

/** A file chosen without a connection (keptFiles.ts): its bytes and, apart, its name, type and collection, each sealed. */
export interface SealedFile {
  at: number;
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
  about: Pick<SealedRow, 'iv' | 'sealed'>;
}

interface DeviceDB extends DBSchema {
  key: { key: string; value: CryptoKey };
  queue: { key: number; value: SealedRow };
  /** By the draft's name (draft.ts draftKey: the form and the page's path, no answer). */
  drafts: { key: string; value: SealedDraft };
  /** By the number that stands for the file in the answers until it is uploaded (keptFileIds.ts). */
  files: { key: number; value: SealedFile };
}

let opened: Promise<IDBPDatabase<DeviceDB>> | undefined;

export function deviceDb(): Promise<IDBPDatabase<DeviceDB>> {
  opened ??= openDB<DeviceDB>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('key');
        db.createObjectStore('queue', { keyPath: 'id', autoIncrement: true });
        db.createObjectStore('drafts');
      }
      if (oldVersion < 2) db.createObjectStore('files');
    },
  });
  opened.catch(() => (opened = undefined));
  return opened;
}

/**
 * The database only if something was ever kept: reading the queue (every page does, offline/register.ts;
 * the kiosk's counter) never creates it, so a device that kept nothing has nothing of ours.
 */
export async function keptDeviceDb(): Promise<IDBPDatabase<DeviceDB> | null> {
  if (!opened && typeof indexedDB.databases === 'function' && !(await indexedDB.databases()).some((database) => database.name === DB_NAME)) return null;
  return deviceDb();
}

let sealingKey: Promise<CryptoKey> | undefined;

/** The device's key, made once (two tabs making it at once: the first one written wins, both use it). */
function key(): Promise<CryptoKey> {
  sealingKey ??= (async () => {
    const db = await deviceDb();
    const kept = await db.get('key', 'seal');
    if (kept) return kept;
    const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const tx = db.transaction('key', 'readwrite');
    const raced = await tx.store.get('seal');
    if (!raced) await tx.store.put(made, 'seal');
    await tx.done;
    return raced ?? made;
  })();
  sealingKey.catch(() => (sealingKey = undefined));
  return sealingKey;
}

export async function seal(value: unknown): Promise<Pick<SealedRow, 'iv' | 'sealed'>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), new TextEncoder().encode(JSON.stringify(value)));
  return { iv, sealed };
}

export async function unseal<T>(row: Pick<SealedRow, 'iv' | 'sealed'>): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await unsealBytes(row))) as T;
}

/** Bytes as they are (a file's), sealed like a value. */
export async function sealBytes(bytes: ArrayBuffer): Promise<Pick<SealedRow, 'iv' | 'sealed'>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, sealed: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), bytes) };
}

export async function unsealBytes(row: Pick<SealedRow, 'iv' | 'sealed'>): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: row.iv }, await key(), row.sealed);
}

/**
 * Whether a write failed because the device's storage is full: a quota error, or (Chromium aborts the
 * transaction, and its request may report only the abort) an origin using all of its quota.
 */
export async function isStorageFull(error: unknown): Promise<boolean> {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return estimate?.quota !== undefined && estimate.usage !== undefined && estimate.usage >= estimate.quota;
}
