// The reporter's case as they read it (engine/contract/reporter.ts ReporterCase): the report as
// sent (every answered question through answerText, files by name), the thread labelled by side
// (never a staff name, never an internal note: those are follow-up notes), the state and its dates,
// and when compliance first opened the report (the audit of staff reads, without who).
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { answerText, serverAnswerReader, withUploads } from '../../core/forms/answer-reader.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { ReporterCase, ReporterMessage } from '../../../engine/contract/reporter.ts';
import type { Sealer } from '../sealed/index.ts';
import { messageTextOpener } from './message-text.ts';

type CaseRow = {
  lang: Lang;
  state: ReporterCase['state'];
  outcome: ReporterCase['outcome'];
  acknowledged_at: Date | null;
  feedback_at: Date | null;
  closed_at: Date | null;
  acknowledge_due_at: Date | null;
  feedback_due_at: Date | null;
};

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function caseRow(db: Queryable, documentId: number): Promise<CaseRow> {
  const { rows } = await db.query<CaseRow>(
    'SELECT lang, state, outcome, acknowledged_at, feedback_at, closed_at, acknowledge_due_at, feedback_due_at FROM reporter_cases WHERE document_id = $1',
    [documentId],
  );
  return rows[0];
}

/** The thread as the reporter reads it, oldest first. */
export async function reporterMessages(sealer: Sealer, db: Queryable, documentId: number): Promise<ReporterMessage[]> {
  const { rows } = await db.query<{ id: number; direction: string; text: string; created_at: Date; kind: ReporterMessage['kind']; files: string[] | null }>(
    `SELECT m.id, m.direction, m.text, m.created_at, k.kind,
       (SELECT array_agg(u.data->>'filename' ORDER BY u.id) FROM reporter_message_files f JOIN documents u ON u.id = f.upload_id WHERE f.message_id = m.id) AS files
     FROM case_messages m LEFT JOIN reporter_messages k ON k.message_id = m.id WHERE m.document_id = $1 ORDER BY m.id`,
    [documentId],
  );
  const open = await messageTextOpener(sealer, db, documentId);
  return rows.map((row) => ({
    id: row.id,
    from: row.direction === 'from-guest' ? ('reporter' as const) : ('compliance' as const),
    kind: row.kind ?? null,
    text: open(row.text),
    files: (row.files ?? []).map((name) => ({ name })),
    createdAt: row.created_at.toISOString(),
  }));
}

/** The first time staff opened the report by itself (a list shows none of a confidential report's answers). */
async function firstOpened(db: Queryable, collection: Collection, documentId: number): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    `SELECT min(at) AS at FROM audit_log WHERE action = 'read-submission' AND target = $1 AND document_id = $2`,
    [collection.slug, String(documentId)],
  );
  return rows[0]?.at ?? null;
}

/** `row`: the report as the sealer opened it (its answers readable). */
export async function reporterCase(sealer: Sealer, db: Queryable, collection: Collection, row: DocumentRow, lang: Lang): Promise<ReporterCase> {
  const compiled = collection.form!.compiled;
  const stored = await caseRow(db, row.id);
  const reader = serverAnswerReader(compiled.id, lang);
  const [answers] = await withUploads(db, compiled, [row]);
  const report = dataFields(compiled.form)
    .filter((field) => field.type !== 'hidden')
    .map((field) => ({ label: reader.label(field), text: answerText(reader, field, answers[field.name]) }))
    .filter((item) => item.text !== '');
  return {
    code: row.reference ?? String(row.id),
    lang: stored.lang,
    state: stored.state,
    outcome: stored.outcome,
    receivedAt: row.created_at.toISOString(),
    acknowledgedAt: iso(stored.acknowledged_at),
    feedbackAt: iso(stored.feedback_at),
    openedAt: iso(await firstOpened(db, collection, row.id)),
    report,
    messages: await reporterMessages(sealer, db, row.id),
  };
}
