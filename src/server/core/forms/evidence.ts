// For forms that declare submit.evidence (waivers): a liability record stored with the submission,
// saying which exact definition (version + hash, which holds the terms in every language; the
// definition itself is kept by hash in form_versions) the guest saw, in which language, a
// fingerprint of what they signed, and what e-signature practice expects beside it: when the
// server received it, from which address and browser, and the consent wording shown by the signature.
import { createHash } from 'node:crypto';
import type { Lang } from '../../../engine/definition/definition.ts';
import { termsOf, type FormWithTexts, type WaiverTerms } from '../../../engine/waivers/waiver-terms.ts';

export interface Evidence {
  formId: string;
  formVersion: number;
  formHash: string;
  language: Lang;
  answersSha256: string;
  /** ISO 8601 time the server received the signed waiver. */
  receivedAt: string;
  /** The client's address (request.ip: the forwarded one only behind a trusted proxy, TRUST_PROXY). */
  ip: string;
  userAgent: string;
  /** The consent wording shown beside the signature, in the guest's language. */
  consentText: string;
  /** sha256 of the terms shown (engine/waivers/waiver-terms.ts termsOf), in the guest's language: the desk's "New terms since". */
  termsSha256: string;
}

/** Who sent the waiver, as the request says. */
export interface EvidenceClient {
  ip: string;
  userAgent: string | undefined;
}

export const USER_AGENT_MAX_LENGTH = 512;

/** JSON with keys sorted at every level, so the same answers always hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The fingerprint of the terms a guest saw: equal exactly when every word shown is. */
export const termsSha256 = (terms: WaiverTerms) => sha256(canonicalJson({ blocks: terms.blocks, consent: terms.consent }));

export function evidenceFor(form: FormWithTexts, data: Record<string, unknown>, language: Lang, client: EvidenceClient): Evidence | null {
  if (!form.form.submit.evidence) return null;
  const terms = termsOf(form, language);
  return {
    formId: form.id,
    formVersion: form.version,
    formHash: form.hash,
    language,
    answersSha256: sha256(canonicalJson(data)),
    receivedAt: new Date().toISOString(),
    ip: client.ip,
    userAgent: (client.userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH),
    consentText: terms.consent,
    termsSha256: termsSha256(terms),
  };
}
