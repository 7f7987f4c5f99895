// Sends the answers to the form's collection and turns the answer into something the page can
// show: created, field errors, a refusal with the server's reason, or no connection at all.
import type { Lang } from '../../engine/definition/definition.ts';
import { apiRequest, authHeaders } from '../api/client.ts';
import { apiUrl } from '../api/runtimeConfig.ts';
import type { FormData } from './context.ts';
import { CREATED, readCreateAnswer, type CreateAnswer, type SubmitOutcome } from './createAnswer.ts';
import { viewToken } from './viewToken.ts';
import { VIEW_HEADER } from '../../engine/contract/reach-names.ts';
import { PARTY_HEADER, partyCodeOf } from '../../engine/contract/party-names.ts';
import { keptFileIds } from '../offline/keptFileIds.ts';

export { CREATED, type SubmitOutcome } from './createAnswer.ts';

/** uploadClaims: the claims of this form's own uploads (useFormDraft), sent as X-Upload-Claim. */
export async function submitAnswers(
  collection: string,
  data: FormData,
  options: { lang: Lang; captchaProof?: string | null; remember?: boolean; uploadClaims?: string[] },
): Promise<SubmitOutcome> {
  const keys = options.remember === false ? inPage : onDevice;
  const idempotencyKey = submitKey(keys, collection, data);
  const headers: Record<string, string> = { 'Accept-Language': options.lang, 'Idempotency-Key': idempotencyKey };
  if (options.uploadClaims?.length) headers['X-Upload-Claim'] = options.uploadClaims.join(',');
  if (options.captchaProof) headers['X-Captcha-Proof'] = options.captchaProof;
  const view = viewToken();
  if (view) headers[VIEW_HEADER] = view;
  // A party's page (/p/{code}): the server links the waiver to the party (the code in a header, never in the answers).
  const party = partyCodeOf(location.pathname);
  if (party) headers[PARTY_HEADER] = party;
  // ?locale= is how Payload takes the language; the server words its errors and records the waiver evidence in it.
  const path = `/api/${encodeURIComponent(collection)}?locale=${encodeURIComponent(options.lang)}`;
  const request = () => ({ url: apiUrl(path), headers: { ...authHeaders(), ...headers } });
  // Files chosen offline go up first (the device store loaded only then, for no other submit).
  let uploaded: number[] = [];
  if (keptFileIds(data).length) {
    const { sendKeptFiles } = await import('../offline/keptFiles.ts');
    const files = await sendKeptFiles(data, new URL(apiUrl(path), location.href).href, authHeaders());
    if (files.kind === 'offline') return { kind: 'unreachable', request: request() };
    if (files.kind === 'refused') return files.refusal;
    ({ data, kept: uploaded } = files);
    if (files.claims.length) headers['X-Upload-Claim'] = [headers['X-Upload-Claim'], ...files.claims].filter(Boolean).join(',');
  }
  let answer;
  try {
    answer = await apiRequest<CreateAnswer | null>('POST', path, { json: data, headers });
  } catch {
    return { kind: 'unreachable', request: request(), ...(uploaded.length ? { data, uploaded } : {}) };
  }
  if (answer.status === CREATED) {
    keys.removeItem(keyStore(collection));
    if (uploaded.length) await import('../offline/keptFiles.ts').then(({ forgetUploaded }) => forgetUploaded(uploaded));
  }
  return readCreateAnswer(answer.status, answer.body);
}

// Idempotency-Key: one key per filled form, kept (in localStorage, beside the draft) until the
// server confirms, so resending the same answers after a lost connection, even after a reload,
// cannot store them twice; changed answers are a new submit with a new key. A kiosk keeps nothing
// of a guest on the device: its keys live in the page only (a retry without reload still protected).
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const keyStore = (collection: string) => `submit-key:${collection}`;

/** A short fingerprint of the answers (FNV-1a, 32 bits): enough to tell a resend from changed answers. */
function fingerprint(data: FormData): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(data)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const pageKeys = new Map<string, string>();
const inPage: KeyStore = {
  getItem: (name) => pageKeys.get(name) ?? null,
  setItem: (name, value) => void pageKeys.set(name, value),
  removeItem: (name) => void pageKeys.delete(name),
};
/** localStorage (when it cannot be used, private mode, its errors are caught where it is read and written). */
const onDevice: KeyStore = {
  getItem: (name) => window.localStorage.getItem(name),
  setItem: (name, value) => window.localStorage.setItem(name, value),
  removeItem: (name) => {
    try {
      window.localStorage.removeItem(name);
    } catch {
      // nothing kept
    }
  },
};

function submitKey(keys: KeyStore, collection: string, data: FormData): string {
  const answers = fingerprint(data);
  try {
    const kept = JSON.parse(keys.getItem(keyStore(collection)) ?? 'null') as { key: string; answers: string; at: number } | null;
    if (kept && kept.answers === answers && Date.now() - kept.at < KEY_TTL_MS) return kept.key;
  } catch {
    // no storage (private mode) or a damaged entry: a new key
  }
  // getRandomValues (unlike randomUUID) also exists on plain-HTTP addresses.
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    keys.setItem(keyStore(collection), JSON.stringify({ key, answers, at: Date.now() }));
  } catch {
    // the key still protects retries within this page
  }
  return key;
}
