// The desk's search across the waiver forms a desk finds: one text matched as a Form ID, a full
// phone number, a QID/passport number (signer's or a dependent's) or whole words of a name, each by
// an index of migration 302, newest first and limited. A text that is none of these (one letter per
// word, part of a number) is refused before anything is read: it would list people, not find one.
// Only the people, dates and check-ins come back: no signature, no other answer.
import type { CompiledForm, ResolvedField } from '../../../engine/compiler/compiled.ts';
import { toE164 } from '../../../engine/checks/phones.ts';
import { WAIVER_SEARCH_LIMIT, WAIVER_SEARCH_MIN_LENGTH, type WaiverCheckIn } from '../../../engine/contract/waivers.ts';
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
  birth_date: string | null;
  dependents: { name: string | null; document: string | null; birthDate: string | null }[];
  created_at: Date;
  form_hash: string | null;
  evidence: { language?: string; termsSha256?: string };
}

/** The phone numbers a typed text may be: as written (E.164 with or without +, 00), or local to a dial code the waivers preselect. */
function phoneCandidates(text: string, forms: readonly CompiledForm[]): string[] {
  const digits = text.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  if (!/^\+?\d{6,15}$/.test(digits)) return [];
  const dialCodes = new Set(
    forms
      .flatMap((form) => form.form.sections.flatMap((section) => section.fields))
      .flatMap((field: ResolvedField) => (field.type === 'phone' && field.defaultDialCode ? [field.defaultDialCode] : [])),
  );
  const local = digits.replace(/^\+/, '');
  return [...new Set([toE164(digits), ...[...dialCodes].map((code) => toE164(`${code}${local}`))].filter((phone) => phone !== null))];
}

/** Whole words of a name ('noor & saleh'), one of them of WAIVER_SEARCH_MIN_LENGTH letters or more; letters and digits only, so nothing else reaches to_tsquery. A number is no name. */
function nameQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.some((word) => [...word.matchAll(/\p{L}/gu)].length >= WAIVER_SEARCH_MIN_LENGTH)) return null;
  return words.join(' & ');
}

/** A QID (11 digits) or passport number as written: one run of 6 to 20 letters and digits, with a digit. */
const isDocumentNumber = (text: string) => /^[\p{L}\p{N}]{6,20}$/u.test(text) && /\p{N}/u.test(text);

/** A Form ID as typed or read aloud (normalizeReference answers other texts unchanged). */
const isReference = (text: string) => /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/.test(normalizeReference(text));

/** What a typed text is looked for as; null when it is nothing that names one person (the search asks for more). */
export interface SearchTerms {
  reference: string | null;
  document: string | null;
  phones: string[];
  words: string | null;
}

export function searchTermsOf(text: string, forms: readonly CompiledForm[]): SearchTerms | null {
  const trimmed = text.trim();
  const terms: SearchTerms = {
    reference: isReference(trimmed) ? normalizeReference(trimmed) : null,
    document: isDocumentNumber(trimmed) ? trimmed : null,
    phones: phoneCandidates(trimmed, forms),
    words: nameQuery(trimmed),
  };
  return terms.reference || terms.document || terms.phones.length || terms.words ? terms : null;
}

/** The columns a found waiver is read with, from `documents`. */
const COLUMNS = (() => {
  const { name, document, phone, visitDate, birthDate, dependents } = WAIVER_FIELDS;
  return `id, collection, reference, created_at, form_hash, evidence,
       data->>'${name}' AS name, data->>'${document}' AS document, data->>'${phone}' AS phone, data->>'${visitDate}' AS visit_date, data->>'${birthDate}' AS birth_date,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('name', person->>'${name}', 'document', person->>'${document}', 'birthDate', person->>'${birthDate}') ORDER BY position)
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data->'${dependents}') = 'array' THEN data->'${dependents}' ELSE '[]'::jsonb END) WITH ORDINALITY AS people(person, position)), '[]'::jsonb) AS dependents`;
})();

/** `collections`: the waiver forms the caller's desk finds (core/access deskFinds); none, nothing is read. */
export async function searchWaivers(db: Queryable, collections: readonly string[], terms: SearchTerms): Promise<FoundWaiver[]> {
  if (collections.length === 0) return [];
  const params: unknown[] = [collections];
  const p = (value: unknown) => `$${params.push(value)}`;
  const { document, phone, dependents } = WAIVER_FIELDS;
  const matches: string[] = [];
  if (terms.reference) matches.push(`reference = ${p(terms.reference)}`);
  if (terms.document) {
    matches.push(`upper(data->>'${document}') = ${p(terms.document.toUpperCase())}`);
    // A dependent's document as typed, and in capitals (as QIDs and passports are written).
    for (const typed of new Set([terms.document, terms.document.toUpperCase()]))
      matches.push(`data->'${dependents}' @> ${p(JSON.stringify([{ [document]: typed }]))}::jsonb`);
  }
  if (terms.phones.length) matches.push(`data->>'${phone}' = ANY(${p(terms.phones)}::text[])`);
  if (terms.words) matches.push(`${WAIVER_NAMES_VECTOR} @@ to_tsquery('simple', ${p(terms.words)})`);
  const { rows } = await db.query<FoundWaiver & Record<string, unknown>>(
    `SELECT ${COLUMNS}
     FROM documents
     WHERE evidence IS NOT NULL AND collection = ANY($1::text[]) AND (${matches.join(' OR ')})
     ORDER BY created_at DESC, id DESC
     LIMIT ${WAIVER_SEARCH_LIMIT}`,
    params,
  );
  return rows;
}

/** One waiver by id, when it is of one of these collections. */
export async function findWaiver(db: Queryable, collections: readonly string[], id: number): Promise<FoundWaiver | null> {
  if (collections.length === 0) return null;
  const { rows } = await db.query<FoundWaiver & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM documents WHERE id = $1 AND evidence IS NOT NULL AND collection = ANY($2::text[])`,
    [id, collections],
  );
  return rows[0] ?? null;
}

/** Every check-in of these waivers, oldest first, by waiver id. */
export async function checkInsOf(db: Queryable, ids: readonly number[]): Promise<Map<number, WaiverCheckIn[]>> {
  const byWaiver = new Map<number, WaiverCheckIn[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byWaiver;
  const { rows } = await db.query<{ document_id: number; person: string; user_email: string; at: Date }>(
    'SELECT document_id, person, user_email, at FROM waiver_check_ins WHERE document_id = ANY($1::int[]) ORDER BY at, id',
    [ids],
  );
  for (const row of rows)
    byWaiver.get(row.document_id)?.push({ person: row.person === 'signer' ? 'signer' : Number(row.person), at: row.at.toISOString(), by: row.user_email });
  return byWaiver;
}
