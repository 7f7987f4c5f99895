// Where a form's answers start and where they are kept: the console's stored document, or the
// guest's draft (draft.ts), read at once in the browser or, on a page the server rendered, right
// after hydration (hydration must see exactly the server's HTML, which knows no draft). A kiosk
// keeps nothing: no draft is read or written. The uploads' claims are part of the draft: sent with
// this form's answers and gone with them (on a kiosk with the guest's form).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router-dom';
import type { FormData, UploadedFile } from './context.ts';
import { draftKey, forgetOldUploadClaims, readDraft, useDraftSaver, type Draft } from './draft.ts';
import { DraftStatus } from './draftStatus.tsx';
import { PendingEdits } from './pendingEdits.ts';
import { isHydrating, useHydratedChange } from './useHydrated.ts';

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
  const { pathname } = useLocation();
  const key = draftKey(formId, pathname);
  const read = () => (remember ? readDraft(key, fieldNames) : null);
  // In a page the browser renders, the draft is read at once; after hydration, only a draft found renders the form again.
  const [hydrating] = useState(() => !initial && isHydrating());
  const found = useHydratedChange(() => hydrating && read() !== null);
  const [restored] = useState<Start | null>(() => (initial ? { data: initial, uploads: initialUploads ?? {}, step: undefined } : hydrating ? null : read()));
  const [pending, setPending] = useState(hydrating && remember);
  const [late, setLate] = useState<Start | null>(null);
  if (pending && found) {
    setPending(false);
    setLate(read());
  }
  const uploads = useRef<Record<string, UploadedFile>>(restored?.uploads ?? {});
  useEffect(() => {
    if (late) uploads.current = { ...late.uploads, ...uploads.current };
  }, [late]);
  useEffect(forgetOldUploadClaims, []);
  const [status] = useState(() => new DraftStatus());
  // Typed answers still held in their fields (bufferedWidgets.tsx) reach the form before it is saved, left or sent.
  const [edits] = useState(() => new PendingEdits(() => {
    if (remember) status.set('saving');
  }));
  const settle = useCallback(() => flushSync(() => edits.flush()), [edits]);
  const saver = useDraftSaver(key, hash, settle, () => status.set(edits.holding ? 'saving' : 'saved'));
  return useMemo(
    () => ({
      /** Where the answers start (null: empty); `late` is a draft found after hydration, once. */
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
