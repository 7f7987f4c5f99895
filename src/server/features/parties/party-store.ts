// Parties in the database: made with a random short code, found by code or id, the people signed
// through each (every signer and every minor under them, counted when the waiver is stored) and
// the day's parties of some attractions. Personal data (organiser, names) is read only here.
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { PARTY_CODE_ALPHABET, type Party, type RosterPerson } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';

export interface PartyRow {
  id: number;
  code: string;
  form_id: string;
  visit_date: string;
  organiser_name: string;
  organiser_phone: string;
  organiser_email: string;
  expected: number;
  lang: Lang;
  created_at: Date;
  signed: number;
  /** The organiser asked to be forgotten (a data-subject erasure): their fields are empty, their roster link leads nowhere. */
  erased: boolean;
}

/** The columns of a party, its visit date as YYYY-MM-DD and the people signed so far. */
const COLUMNS = `p.id, p.code, p.form_id, to_char(p.visit_date, 'YYYY-MM-DD') AS visit_date, p.organiser_name, p.organiser_phone, p.organiser_email,
  p.expected, p.lang, p.created_at, p.organiser_erased_at IS NOT NULL AS erased, COALESCE((SELECT sum(w.people) FROM party_waivers w WHERE w.party_id = p.id), 0)::int AS signed`;

export const newPartyCode = () => Array.from({ length: 8 }, () => PARTY_CODE_ALPHABET[randomInt(PARTY_CODE_ALPHABET.length)]).join('');

export interface NewParty {
  form: string;
  visitDate: string;
  name: string;
  phone: string;
  email: string;
  expected: number;
  lang: Lang;
  createdBy: number | null;
}

export async function insertParty(tx: Queryable, party: NewParty): Promise<PartyRow> {
  // 31^8 codes: a clash is rare; another code is drawn when one happens.
  for (;;) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO parties (code, form_id, visit_date, organiser_name, organiser_phone, organiser_email, expected, lang, created_by)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [newPartyCode(), party.form, party.visitDate, party.name, party.phone, party.email, party.expected, party.lang, party.createdBy],
    );
    if (rows[0]) return (await partyById(tx, rows[0].id))!;
  }
}

export async function partyById(db: Queryable, id: number): Promise<PartyRow | null> {
  const { rows } = await db.query<PartyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM parties p WHERE p.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function partyByCode(db: Queryable, code: string, lock = false): Promise<PartyRow | null> {
  if (lock) await db.query('SELECT id FROM parties WHERE code = $1 FOR UPDATE', [code.toUpperCase()]);
  const { rows } = await db.query<PartyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM parties p WHERE p.code = $1`, [code.toUpperCase()]);
  return rows[0] ?? null;
}

/** The parties of `day` for these forms (the caller's desk's), earliest made first. */
export async function partiesOfDay(db: Queryable, forms: readonly string[], day: string): Promise<PartyRow[]> {
  if (forms.length === 0) return [];
  const { rows } = await db.query<PartyRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM parties p WHERE p.visit_date = $1::date AND p.form_id = ANY($2::text[]) ORDER BY p.created_at, p.id`,
    [day, forms],
  );
  return rows;
}

export async function linkWaiver(tx: Queryable, partyId: number, documentId: number, people: number): Promise<void> {
  await tx.query('INSERT INTO party_waivers (party_id, document_id, people) VALUES ($1, $2, $3)', [partyId, documentId, people]);
}

/** People of a stored waiver: its signer and each minor under them. */
export function peopleOf(data: Record<string, unknown>): number {
  const minors = data[WAIVER_FIELDS.dependents];
  return 1 + (Array.isArray(minors) ? minors.length : 0);
}

export interface RosterWaiver {
  id: number;
  collection: string;
  reference: string;
  created_at: Date;
  form_hash: string | null;
  evidence: { language?: string; termsSha256?: string };
  name: string | null;
  birth_date: string | null;
  minors: { name: string | null; birthDate: string | null }[];
}

/** The waivers signed through a party, oldest first, with the names and birth dates of their people (nothing else of the answers). */
export async function partyWaivers(db: Queryable, partyId: number): Promise<RosterWaiver[]> {
  const { name, birthDate, dependents } = WAIVER_FIELDS;
  const { rows } = await db.query<RosterWaiver & Record<string, unknown>>(
    `SELECT d.id, d.collection, d.reference, d.created_at, d.form_hash, d.evidence, d.data->>'${name}' AS name, d.data->>'${birthDate}' AS birth_date,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('name', m->>'${name}', 'birthDate', m->>'${birthDate}') ORDER BY i)
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.data->'${dependents}') = 'array' THEN d.data->'${dependents}' ELSE '[]'::jsonb END) WITH ORDINALITY AS x(m, i)), '[]'::jsonb) AS minors
     FROM party_waivers w JOIN documents d ON d.id = w.document_id
     WHERE w.party_id = $1 ORDER BY d.created_at, d.id`,
    [partyId],
  );
  return rows;
}

/** The waiver's people in roster order: the signer, then each minor under them. */
export function rosterPeople(waiver: RosterWaiver, checkedIn: (person: 'signer' | number) => string | null, mustSignNewTerms: boolean): RosterPerson[] {
  const base = { waiver: waiver.id, reference: waiver.reference, signedAt: waiver.created_at.toISOString(), mustSignNewTerms };
  const signer = waiver.name ?? '';
  return [
    { ...base, name: signer, guardian: null, birthDate: waiver.birth_date, person: 'signer' as const, checkedInAt: checkedIn('signer') },
    ...waiver.minors.map((minor, index) => ({
      ...base,
      name: minor.name ?? '',
      guardian: signer,
      birthDate: minor.birthDate,
      person: index,
      checkedInAt: checkedIn(index),
    })),
  ];
}

/** A party as the API answers it. */
export function toParty(row: PartyRow, form: LoadedForm, link: string): Party {
  const { compiled, texts } = form;
  return {
    id: row.id,
    code: row.code,
    form: row.form_id,
    title: Object.fromEntries(compiled.languages.map((lang) => [lang, texts[lang]?.[compiled.form.title] ?? compiled.id])),
    visitDate: row.visit_date,
    organiser: { name: row.organiser_name, phone: row.organiser_phone, email: row.organiser_email },
    expected: row.expected,
    signed: row.signed,
    limit: row.expected + (compiled.form.party?.margin ?? 0),
    link,
    createdAt: row.created_at.toISOString(),
  };
}

/** The parties of these forms whose organiser is this person (any of `matches`: a lower-case email, an E.164 phone), newest first; an erased organiser is no one's. */
export async function partiesOfOrganiser(db: Queryable, forms: readonly string[], matches: readonly string[]): Promise<PartyRow[]> {
  if (forms.length === 0) return [];
  const { rows } = await db.query<PartyRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM parties p
     WHERE (lower(p.organiser_email) = ANY($1::text[]) OR p.organiser_phone = ANY($1::text[])) AND p.form_id = ANY($2::text[]) AND p.organiser_erased_at IS NULL
     ORDER BY p.created_at DESC, p.id DESC`,
    [matches, forms],
  );
  return rows;
}

/** The roster mails still queued or kept for these parties: they hold the organiser's address. */
const forgetRosterMails = (tx: Queryable, ids: readonly number[]) =>
  tx.query(`DELETE FROM outbox WHERE kind = 'party-roster' AND source_id = ANY($1::int[])`, [ids]);

/**
 * The organiser of these parties forgotten: name, phone and email emptied, their roster mail gone
 * (its link then leads nowhere). The party stays for the desk, with its signers' waivers: each is
 * its signer's own record. The count of parties changed.
 */
export async function eraseOrganiser(tx: Queryable, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await tx.query(
    `UPDATE parties SET organiser_name = '', organiser_phone = '', organiser_email = '', organiser_erased_at = now()
     WHERE id = ANY($1::int[]) AND organiser_erased_at IS NULL RETURNING id`,
    [ids],
  );
  await forgetRosterMails(tx, ids);
  return rows.length;
}

/** Parties of a form whose visit is older than `retention` (an ISO 8601 period): the waiver's own retention, counted from the visit day. */
const EXPIRED_PARTIES = `form_id = $1 AND visit_date + $2::interval < now()`;

/** How many parties of this form are past their retention (the dry run's count). */
export async function countExpiredParties(db: Queryable, form: string, retention: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM parties WHERE ${EXPIRED_PARTIES}`, [form, retention]);
  return rows[0]?.count ?? 0;
}

/** Deletes the parties of this form past their retention, with their roster mails and their links to waivers (the waivers are their own records, under their own retention). */
export async function deleteExpiredParties(tx: Queryable, form: string, retention: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(`DELETE FROM parties WHERE ${EXPIRED_PARTIES} RETURNING id`, [form, retention]);
  if (rows.length)
    await forgetRosterMails(
      tx,
      rows.map((row) => row.id),
    );
  return rows.length;
}
