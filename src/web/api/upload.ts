// File uploads go through XMLHttpRequest because fetch cannot report upload progress.
import { authHeaders } from './client.ts';
import { apiUrl, runtimeConfig } from './runtimeConfig.ts';

export type UploadOutcome =
  /** claim: our server's proof that this browser sent the file (features/uploads/upload-claims.ts), for the form to keep with the file; a real Payload gives none. */
  { ok: true; id: number | string; claim?: string } | { ok: false; reason: 'tooLarge' | 'wrongType' | 'failed' | 'network' | 'aborted'; message?: string };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

/** A guest's upload carries the pages' key; a staff member's (content files) only their session cookie, which the key would override. */
export type UploadAs = 'guest' | 'staff';

export function uploadFile(collection: string, file: File, onProgress: (fraction: number) => void, as: UploadAs = 'guest'): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', apiUrl(`/api/${encodeURIComponent(collection)}`));
    if (as === 'guest') for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    // Same origin: the cookie goes by default; an API on another origin needs it asked for.
    else xhr.withCredentials = Boolean(runtimeConfig().apiBaseUrl);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      const id = body?.doc?.id;
      if ((xhr.status === 200 || xhr.status === 201) && id !== undefined) {
        return resolve({ ok: true, id, ...(typeof body?.claim === 'string' ? { claim: body.claim } : {}) });
      }
      const message = body?.errors?.[0]?.message;
      if (xhr.status === 413) return resolve({ ok: false, reason: 'tooLarge', message });
      if (xhr.status === 400 || xhr.status === 415) return resolve({ ok: false, reason: 'wrongType', message });
      resolve({ ok: false, reason: 'failed', message });
    };
    xhr.onerror = () => resolve({ ok: false, reason: 'network' });
    xhr.onabort = () => resolve({ ok: false, reason: 'aborted' });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

interface UploadAnswer {
  doc?: { id?: number | string };
  /** Our server's proof that this browser sent the file (a real Payload gives none). */
  claim?: string;
  errors?: { message?: string }[];
}

function parse(text: string): UploadAnswer | null {
  try {
    return JSON.parse(text) as UploadAnswer;
  } catch {
    return null;
  }
}
