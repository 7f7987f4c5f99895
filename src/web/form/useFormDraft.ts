// Where a form's answers start and where they are kept: the console's stored document, or the
// guest's draft (draft.ts), read from the device once the page has rendered (hydration must see
// exactly the server's HTML, which knows no draft). A kiosk
// keeps nothing: no draft is read or written. The uploads' claims are part of the draft: sent with
// this form's answers and gone with them (on a kiosk with the guest's form).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { usePageLocation } from '../shell/pageContext.tsx';
import type { FormData, UploadedFile } from './context.ts';
import { draftKey, forgetOldUploadClaims, readDraft, useDraftSaver, type Draft } from './draft.ts';
import { DraftStatus } from './draftStatus.tsx';
import { PendingEdits } from './pendingEdits.ts';

type Start = Pick<Draft, 'data' | 'uploads' | 'step'>;

interface Options {
  formId: string;
  hash: string;
  fieldNames: readonly string[];
  /** The answers to start from instead of a draft (the console editing a stored document). */
  initial?: FormData;
  initialUploads?: Record<string, UploadedFile>;
  /** False for a kiosk: nothing of a guest is kept on the device. */
  remember: boolean;
}

export function useFormDraft({ formId, hash, fieldNames, initial, initialUploads, remember }: Options) {
  const { pathname } = usePageLocation();
  const key = draftKey(formId, pathname);
  const [restored] = useState<Start | null>(() => (initial ? { data: initial, uploads: initialUploads ?? {}, step: undefined } : null));
  // The draft is read from the device's sealed store (draft.ts), after the first render: a page the
  // server rendered is hydrated from exactly its HTML, and only a draft found renders the form again.
  const [late, setLate] = useState<Start | null>(null);
  const reading = useRef({ key, fieldNames, wanted: remember && !initial });
  useEffect(() => {
    const { key: name, fieldNames: known, wanted } = reading.current;
    if (!wanted) return;
    let live = true;
    void readDraft(name, known).then((found) => {
      if (live && found) setLate(found);
    });
    return () => {
      live = false;
    };
  }, []);
  const uploads = useRef<Record<string, UploadedFile>>(restored?.uploads ?? {});
  useEffect(() => {
    if (late) uploads.current = { ...late.uploads, ...uploads.current };
  }, [late]);
  useEffect(forgetOldUploadClaims, []);
  const [status] = useState(() => new DraftStatus());
  // Typed answers still held in their fields (bufferedWidgets.tsx) reach the form before it is saved, left or sent.
  const [edits] = useState(
    () =>
      new PendingEdits(() => {
        if (remember) status.set('saving');
      }),
  );
  const settle = useCallback(() => flushSync(() => edits.flush()), [edits]);
  const saver = useDraftSaver(key, hash, settle, () => status.set(edits.holding ? 'saving' : 'saved'));
  return useMemo(
    () => ({
      /** Where the answers start (null: empty); `late` is a draft found after the first render, once. */
      restored,
      late,
      edits,
      status,
      save(data: FormData, step: string | undefined) {
        if (!remember) return;
        status.set('saving');
        saver.save(data, uploads.current, step);
      },
      /** After the answers are stored: the draft and the uploads' claims are gone. */
      clear() {
        uploads.current = {};
        saver.clear();
      },
      rememberUpload(id: string | number, file: UploadedFile) {
        uploads.current = { ...uploads.current, [String(id)]: file };
      },
      uploadedFile: (id: string | number): UploadedFile | undefined => uploads.current[String(id)] ?? late?.uploads[String(id)],
      /** The claims of this form's uploads, for its create (X-Upload-Claim). */
      uploadClaims: (): string[] => Object.values({ ...late?.uploads, ...uploads.current }).flatMap((file) => (file.claim ? [file.claim] : [])),
    }),
    [restored, late, edits, status, remember, saver],
  );
}

export type FormDraft = ReturnType<typeof useFormDraft>;
