// Every change is kept on the device (per form and path), sealed in IndexedDB (offline/draftStore.ts,
// loaded when a draft is first read or written), so a reload, a lost connection or a failed request
// never loses what the guest typed, and nothing of it is readable on the device. Uploaded files keep
// their upload id. The write (the whole draft) waits for a pause and for the browser to be idle, so
// it is paid once per pause in typing, never per keystroke.
// Drafts expire after a day because the pages also run on shared devices (restaurant tablets).
import { useEffect, useMemo, useRef } from 'react';
import { useDebouncedFlush } from './useDebouncedFlush.ts';
import type { FormData, UploadedFile } from './context.ts';

const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 200;
/** The longest an idle browser may keep a draft write waiting. */
const IDLE_TIMEOUT_MS = 500;

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 0));

export interface Draft {
  /** Definition hash: a draft of another version of the form is still offered, but unknown answers are dropped. */
  hash: string;
  savedAt: number;
  data: FormData;
  uploads: Record<string, UploadedFile>;
  /** Id of the step the guest was on, for forms with steps. */
  step?: string;
}

const sealedStore = () => import('../offline/draftStore.ts');

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: the form still works, just without drafts
  }
}

/**
 * Earlier versions kept every upload's claim apart from the drafts, in localStorage, up to 50 of
 * them, sent with every later submission of the device (a kiosk's next guests too): removed.
 */
export function forgetOldUploadClaims(): void {
  try {
    storage()?.removeItem('venue-forms:upload-claims');
  } catch {
    // nothing kept
  }
}

export function draftKey(formId: string, pathname: string): string {
  return `form-draft:${formId}:${pathname}`;
}

/** The draft kept for `key`, or null (none, expired, or no IndexedDB: the form still works, just without drafts). */
export async function readDraft(key: string, knownFields: readonly string[]): Promise<Draft | null> {
  try {
    const store = await sealedStore();
    let draft = await store.readSealedDraft<Draft>(key);
    // Earlier versions kept drafts as plain text in localStorage: moved into the sealed store, and gone from there.
    const plain = storage()?.getItem(key);
    if (plain) {
      storage()?.removeItem(key);
      if (!draft) {
        draft = JSON.parse(plain) as Draft;
        await store.writeSealedDraft(key, draft);
      }
    }
    if (!draft) return null;
    if (Date.now() - draft.savedAt > DRAFT_TTL_MS) {
      await store.deleteSealedDraft(key);
      return null;
    }
    const data = Object.fromEntries(Object.entries(draft.data ?? {}).filter(([name]) => knownFields.includes(name)));
    return { ...draft, data, uploads: draft.uploads ?? {} };
  } catch {
    return null;
  }
}

/**
 * Saving after a pause, done at once when the page is hidden or closed so the last keystrokes are kept;
 * `settle` first hands over what is still being typed (it saves through `save`).
 */
export function useDraftSaver(key: string, hash: string, settle: () => void, written: () => void) {
  const pending = useRef<Draft | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const writes = useRef(0);
  const writtenRef = useRef(written);
  useEffect(() => {
    writtenRef.current = written;
  }, [written]);
  const write = useDebouncedFlush(
    () => {
      const draft = pending.current;
      if (!draft) return;
      pending.current = null;
      // One write after the other (sealing is asynchronous: a later draft must never be overwritten by an earlier one).
      const turn = ++writes.current;
      queue.current = queue.current
        .then(() => sealedStore())
        .then((store) => store.writeSealedDraft(key, draft))
        .catch(() => undefined)
        // Said once the last change is kept (the page's data-draft marker), or given up (no IndexedDB,
        // storage full: the form still works); never while a newer change waits for its turn.
        .then(() => {
          if (turn === writes.current && !pending.current) writtenRef.current();
        });
    },
    SAVE_DELAY_MS,
    whenIdle,
  );
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  }, [settle]);

  useEffect(() => {
    const onHide = () => {
      settleRef.current();
      write.flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      write.flush();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [write]);

  return useMemo(
    () => ({
      save(data: FormData, uploads: Record<string, UploadedFile>, step?: string) {
        pending.current = { hash, savedAt: Date.now(), data, uploads, step };
        write.schedule();
      },
      clear() {
        write.cancel();
        pending.current = null;
        writes.current++;
        // After any write still under way, so a sent form's draft never comes back.
        queue.current = queue.current
          .then(() => sealedStore())
          .then((store) => store.deleteSealedDraft(key))
          .catch(() => undefined);
      },
    }),
    [write, hash, key],
  );
}
