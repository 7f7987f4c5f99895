// Every submission, of every form, whose answers hold a person's email or phone anywhere: a
// top-level question or one inside a repeated group (a waiver's dependents), found by the database
// in the index of the emails and phones each submission holds (migrations.ts: about 1 ms over
// 20,000 surveys, where reading every answer took 75 ms), never by loading submissions into Node. A
// waiver under legal hold (legal-hold.ts) says so, with when the hold ends; so does a submission
// an admin placed a hold on (legal_holds, held until lifted). A confidential form's report is sealed
// (features/sealed): it is found by the keyed hashes of its emails and phones, and opened here.
// The parties a person organised hold their name, phone and email too: findOrganised.
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { partiesOfOrganiser, type PartyRow } from '../parties/index.ts';
import { legalHold } from './legal-hold.ts';
import type { Person } from './person.ts';
import type { Sealer } from '../sealed/index.ts';

/** More than this for one person is not a person but a shared address (a front desk's): the search says so by its count. */
export const MATCH_LIMIT = 1000;

export interface FoundSubmission {
  id: number;
  form: LoadedForm;
  reference: string | null;
  createdAt: Date;
  held: boolean;
  heldUntil: Date | null;
  holdPlaced: boolean;
  data: Record<string, unknown>;
  evidence: Record<string, unknown> | null;
}

interface Row {
  id: number;
  collection: string;
  reference: string | null;
  created_at: Date;
  held: boolean;
  held_until: Date | null;
  hold_placed: boolean;
  data: Record<string, unknown>;
  evidence: Record<string, unknown> | null;
  [key: string]: unknown;
}

/**
 * The forms whose submissions the caller reads in full (core/access/submission-access.ts, the one
 * read check): a request covers those only, so an admin who is not compliance neither sees nor
 * erases a whistle-blower report, nor learns that the person made one. Compliance (with admin)
 * handles those.
 */
export const formsReadBy = (caller: Caller, registry: Registry): LoadedForm[] =>
  registry.forms.filter((form) => readScope(caller, form.compiled).kind === 'all');

export async function findPerson(db: Queryable, registry: Registry, caller: Caller, person: Person, sealer: Sealer): Promise<FoundSubmission[]> {
  const forms = formsReadBy(caller, registry);
  const holds = forms.map((form) => legalHold(form.compiled));
  const { rows } = await db.query<Row>(
    `SELECT d.id, d.collection, d.reference, d.created_at, d.data, d.data_key_id, d.data_key, d.evidence, h.document_id IS NOT NULL AS hold_placed,
            f.held AND (f.retention IS NULL OR d.created_at + f.retention::interval > now()) AS held,
            CASE WHEN f.held THEN d.created_at + f.retention::interval END AS held_until
     FROM documents d
     JOIN unnest($1::text[], $2::boolean[], $3::text[]) AS f(collection, held, retention) ON f.collection = d.collection
     LEFT JOIN legal_holds h ON h.document_id = d.id
     WHERE (person_keys(d.data) && $4::text[] OR d.sealed_person_keys && $5::text[])
     ORDER BY d.created_at DESC, d.id DESC
     LIMIT ${MATCH_LIMIT}`,
    [
      forms.map((form) => form.compiled.collection),
      holds.map((hold) => hold.held),
      holds.map((hold) => hold.retention),
      person.matches,
      sealer.personLookup(person.matches),
    ],
  );
  const byCollection = new Map(forms.map((form) => [form.compiled.collection, form]));
  return rows.map((row) => ({
    id: row.id,
    form: byCollection.get(row.collection)!,
    reference: row.reference,
    createdAt: row.created_at,
    // A hold an admin placed has no end (until lifted), whatever the form's.
    held: row.held === true || row.hold_placed,
    heldUntil: row.held && !row.hold_placed ? row.held_until : null,
    holdPlaced: row.hold_placed,
    data: sealer.openRow(row).data,
    evidence: row.evidence,
  }));
}

/** The parties the person organised (their name, phone and email are the party's), of the forms the caller reads in full. */
export const findOrganised = (db: Queryable, registry: Registry, caller: Caller, person: Person): Promise<PartyRow[]> =>
  partiesOfOrganiser(
    db,
    formsReadBy(caller, registry).map((form) => form.compiled.id),
    person.matches,
  );
