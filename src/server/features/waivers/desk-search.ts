// The desk's search across every waiver form: one text matched as a Form ID, a phone number, a
// QID/passport number (signer's or a dependent's) or words of a name, each by an index of
// migration 302, newest first and limited. Only the people, dates and check-ins come back: no
// signature, no other answer.
import type { CompiledForm, ResolvedField } from '../../../engine/compiled.ts';
import { toE164 } from '../../../engine/phones.ts';
import { WAIVER_SEARCH_LIMIT, type WaiverCheckIn } from '../../../engine/contract/waivers.ts';
import type { Queryable } from '../../core/db/db.ts';
import { normalizeReference } from '../../core/forms/reference.ts';
import { WAIVER_FIELDS, WAIVER_NAMES_VECTOR } from './waiver-fields.ts';

export interface FoundWaiver {
  id: number;
  collection: string;
  reference: string;
  name: string | null;
  document: string | null;
  phone: string | null;
  visit_date: string | null;
  dependents: { name: string | null; document: string | null }[];
  created_at: Date;
  form_hash: string | null;
  evidence: { language?: string; termsSha256?: string };
}

/** The phone numbers a typed text may be: as written (E.164 with or without +, 00), or local to a dial code the waivers preselect. */
function phoneCandidates(text: string, forms: readonly CompiledForm[]): string[] {
  const digits = text.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  if (!/^\+?\d{6,15}$/.test(digits)) return [];
  const dialCodes = new Set(forms.flatMap((form) => form.form.sections.flatMap((section) => section.fields))
    .flatMap((field: ResolvedField) => (field.type === 'phone' && field.defaultDialCode ? [field.defaultDialCode] : [])));
  const local = digits.replace(/^\+/, '');
  return [...new Set([toE164(digits), ...[...dialCodes].map((code) => toE164(`${code}${local}`))].filter((phone) => phone !== null))];
}

/** Words of a name as a prefix query ('noor:* & sal:*'); letters and digits only, so nothing else reaches to_tsquery. A number is no name. */
function nameQuery(text: string): string | null {
  if (!/\p{L}/u.test(text)) return null;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export async function searchWaivers(db: Queryable, forms: readonly CompiledForm[], text: string): Promise<FoundWaiver[]> {
  const params: unknown[] = [forms.map((form) => form.collection)];
  const p = (value: unknown) => `$${params.push(value)}`;
  const { name, document, phone, visitDate, dependents } = WAIVER_FIELDS;
  const trimmed = text.trim();
  const matches = [
    `reference = ${p(normalizeReference(trimmed))}`,
    `upper(data->>'${document}') = ${p(trimmed.toUpperCase())}`,
    // A dependent's document as typed, and in capitals (as QIDs and passports are written).
    ...[...new Set([trimmed, trimmed.toUpperCase()])].map((typed) => `data->'${dependents}' @> ${p(JSON.stringify([{ [document]: typed }]))}::jsonb`),
  ];
  const phones = phoneCandidates(trimmed, forms);
  if (phones.length) matches.push(`data->>'${phone}' = ANY(${p(phones)}::text[])`);
  const words = nameQuery(trimmed);
  if (words) matches.push(`${WAIVER_NAMES_VECTOR} @@ to_tsquery('simple', ${p(words)})`);
  const { rows } = await db.query<FoundWaiver & Record<string, unknown>>(
    `SELECT id, collection, reference, created_at, form_hash, evidence,
       data->>'${name}' AS name, data->>'${document}' AS document, data->>'${phone}' AS phone, data->>'${visitDate}' AS visit_date,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('name', person->>'${name}', 'document', person->>'${document}') ORDER BY position)
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data->'${dependents}') = 'array' THEN data->'${dependents}' ELSE '[]'::jsonb END) WITH ORDINALITY AS people(person, position)), '[]'::jsonb) AS dependents
     FROM documents
     WHERE evidence IS NOT NULL AND collection = ANY($1::text[]) AND (${matches.join(' OR ')})
     ORDER BY created_at DESC, id DESC
     LIMIT ${WAIVER_SEARCH_LIMIT}`,
    params,
  );
  return rows;
}

/** Every check-in of these waivers, oldest first, by waiver id. */
export async function checkInsOf(db: Queryable, ids: readonly number[]): Promise<Map<number, WaiverCheckIn[]>> {
  const byWaiver = new Map<number, WaiverCheckIn[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byWaiver;
  const { rows } = await db.query<{ document_id: number; person: string; user_email: string; at: Date }>(
    'SELECT document_id, person, user_email, at FROM waiver_check_ins WHERE document_id = ANY($1::int[]) ORDER BY at, id',
    [ids],
  );
  for (const row of rows) byWaiver.get(row.document_id)?.push({ person: row.person === 'signer' ? 'signer' : Number(row.person), at: row.at.toISOString(), by: row.user_email });
  return byWaiver;
}
