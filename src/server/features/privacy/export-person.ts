// What is held about a person, for them (a data-subject access request): every submission found,
// its answers, liability evidence, staff notes, the messages with the guest and file names, and every
// party they organised with its organiser's details (find-person.ts has already kept to the forms the caller reads).
import type { Queryable } from '../../core/db/db.ts';
import type { PrivacyExport, PrivacyExportSubmission, PrivacyMatch, PrivacyParty } from '../../../engine/contract/privacy.ts';
import type { PartyRow } from '../parties/index.ts';
import { notesOfSubmissions } from '../followup/index.ts';
import { messagesOfSubmissions } from '../cases/index.ts';
import type { FoundSubmission } from './find-person.ts';
import type { Person } from './person.ts';
import type { Sealer } from '../sealed/index.ts';

export const toMatch = (found: FoundSubmission): PrivacyMatch => ({
  id: found.id,
  form: found.form.compiled.id,
  collection: found.form.compiled.collection,
  reference: found.reference,
  createdAt: found.createdAt.toISOString(),
  held: found.held,
  heldUntil: found.heldUntil ? found.heldUntil.toISOString() : null,
  holdPlaced: found.holdPlaced,
});

export const toPartyMatch = (party: PartyRow): PrivacyParty => ({
  id: party.id,
  code: party.code,
  form: party.form_id,
  visitDate: party.visit_date,
  createdAt: party.created_at.toISOString(),
});

async function filesOf(db: Queryable, ids: number[]): Promise<Map<number, { name: string; type: string }[]>> {
  const files = new Map<number, { name: string; type: string }[]>();
  if (ids.length === 0) return files;
  const { rows } = await db.query<{ attached_to: number; name: string | null; type: string | null }>(
    `SELECT attached_to, data->>'filename' AS name, data->>'mimeType' AS type FROM documents WHERE attached_to = ANY($1::int[]) ORDER BY id`,
    [ids],
  );
  for (const row of rows) files.set(row.attached_to, [...(files.get(row.attached_to) ?? []), { name: row.name ?? '', type: row.type ?? '' }]);
  return files;
}

/** Texts written about a confidential submission (notes, messages) are stored sealed with its key: opened here. */
async function openTexts<T extends { text: string }>(sealer: Sealer, db: Queryable, byDocument: Map<number, T[]>): Promise<Map<number, T[]>> {
  const opened = new Map<number, T[]>();
  for (const [id, items] of byDocument) {
    const open = await sealer.textOpener(db, id);
    opened.set(
      id,
      items.map((item) => ({ ...item, text: open(item.text) })),
    );
  }
  return opened;
}

export async function exportPerson(
  db: Queryable,
  person: Person,
  found: FoundSubmission[],
  organised: PartyRow[],
  sealer: Sealer,
  now = new Date(),
): Promise<PrivacyExport> {
  const ids = found.map((submission) => submission.id);
  const [stored, storedMessages, files] = await Promise.all([notesOfSubmissions(db, ids), messagesOfSubmissions(db, ids), filesOf(db, ids)]);
  const [notes, messages] = [await openTexts(sealer, db, stored), await openTexts(sealer, db, storedMessages)];
  const submissions = found.map((submission): PrivacyExportSubmission => ({
    ...toMatch(submission),
    answers: submission.data,
    evidence: submission.evidence,
    notes: notes.get(submission.id) ?? [],
    messages: messages.get(submission.id) ?? [],
    files: files.get(submission.id) ?? [],
  }));
  const parties = organised.map((party) => ({
    ...toPartyMatch(party),
    organiser: { name: party.organiser_name, phone: party.organiser_phone, email: party.organiser_email },
    expected: party.expected,
    lang: party.lang,
  }));
  return { by: person.by, value: person.value, exportedAt: now.toISOString(), submissions, parties };
}
