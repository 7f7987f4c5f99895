// For forms that declare submit.evidence (waivers): a liability record stored with the submission,
// saying which exact definition (version + hash, which holds the terms in every language) the
// guest saw, in which language, and a fingerprint of what they signed. The time is the row's.
import { createHash } from 'node:crypto';
import type { Lang } from '../../../engine/definition.ts';
import type { CompiledForm } from '../../../engine/compiled.ts';

export interface Evidence {
  formId: string;
  formVersion: number;
  formHash: string;
  language: Lang;
  answersSha256: string;
}

/** JSON with keys sorted at every level, so the same answers always hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function evidenceFor(form: CompiledForm, data: Record<string, unknown>, language: Lang): Evidence | null {
  if (!form.form.submit.evidence) return null;
  return {
    formId: form.id,
    formVersion: form.version,
    formHash: form.hash,
    language,
    answersSha256: createHash('sha256').update(canonicalJson(data)).digest('hex'),
  };
}
