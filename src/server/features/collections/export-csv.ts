// GET /api/{formCollection}/export.csv for staff: one row per submission, oldest first, the
// form's questions as columns in definition order, each answer as its field type reads in the
// language asked for (?locale=ar; English by default). Written for spreadsheets: a byte-order mark
// so Excel reads Arabic as UTF-8, RFC 4180 quoting, and answers that would start a formula
// (= + - @, tab, carriage return) prefixed with a quote, since guests type whatever they like.
import { FIELD_TYPES } from '../../../engine/fields/index.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { whereToSql } from './where.ts';
import { formField } from '../../core/forms/validation.ts';
import { answerText, serverAnswerReader, withUploads } from '../../core/forms/answer-reader.ts';
import { FOLLOW_UP_EXPORT_SQL } from '../followup/index.ts';

const BATCH = 500;
const FORMULA_START = /^[=+\-@\t\r]/;

interface ExportColumn {
  header: string;
  /** `data`: the row's answers with its uploads in place of their ids (core/forms/answer-reader.ts withUploads). */
  cell(row: DocumentRow, data: Record<string, unknown>): unknown;
}

export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text: string;
  if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function signatureUrl(collection: string, id: number, field: string): string {
  return `/api/${collection}/${id}/signature/${field}.svg`;
}

function columnsOf(collection: Collection, lang: Lang): ExportColumn[] {
  const { compiled } = collection.form!;
  const reader = serverAnswerReader(compiled.id, lang);
  const columns: ExportColumn[] = [
    { header: 'Reference', cell: (row) => row.reference },
    { header: 'Created at', cell: (row) => row.created_at.toISOString() },
    // Where the guest came from (features/reach): a distribution point's source tag, or direct.
    { header: 'Source', cell: (row) => row.source ?? '' },
  ];
  for (const [name, label] of Object.entries(compiled.labels)) {
    // A drawing is thousands of numbers, more than a spreadsheet cell holds: its type says to link to its picture.
    const field = formField(collection.form!, name);
    const asLink = field !== undefined && FIELD_TYPES[field.type].exported === 'picture-link';
    const cell = (row: DocumentRow, data: Record<string, unknown>) => {
      if (asLink) return data[name] ? signatureUrl(collection.slug, row.id, name) : '';
      return field ? answerText(reader, field, data[name]) : data[name];
    };
    columns.push({ header: label, cell });
    for (const derived of compiled.derived.filter((rule) => rule.from === name)) {
      columns.push({ header: `${label} (Net Promoter band)`, cell: (row) => row.data[derived.field] });
    }
  }
  // Last, so the answers keep their columns; the internal notes are not exported (they stay in the console).
  const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : '');
  columns.push(
    { header: 'Follow-up state', cell: (row) => row.followup_state },
    { header: 'Assignee', cell: (row) => row.followup_assignee },
    { header: 'Outcome', cell: (row) => row.followup_outcome ?? '' },
    { header: 'Resolved at', cell: (row) => instant(row.followup_resolved_at) },
    { header: 'Due at', cell: (row) => instant(row.followup_due_at) },
    { header: 'Overdue', cell: (row) => (row.followup_overdue === true ? 'yes' : 'no') },
  );
  return columns;
}

/**
 * The CSV text in pieces, read from the database in batches; `where` filters like the list route,
 * `readable` adds the caller's access (core/access/submission-access.ts readableSql); the answers read
 * in `lang` (engine/fields/answer-text.ts: options by their labels, dates as days), the headers stay English.
 */
export function exportCsv(
  db: Queryable,
  collection: Collection,
  where: unknown,
  readable: (params: unknown[]) => string,
  lang: Lang = 'en',
): AsyncIterable<string> {
  const params: unknown[] = [collection.slug];
  // Built before the first byte is sent, so a bad filter is still a clean 400.
  const condition = `${whereToSql(collection, where, params)}) AND (${readable(params)}`;
  const columns = columnsOf(collection, lang);
  return (async function* () {
    yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
    let after = 0;
    for (;;) {
      const { rows } = await db.query<DocumentRow>(
        `SELECT *, ${FOLLOW_UP_EXPORT_SQL} FROM documents WHERE collection = $1 AND (${condition}) AND id > $${params.length + 1} ORDER BY id LIMIT ${BATCH}`,
        [...params, after],
      );
      if (rows.length === 0) return;
      const answers = await withUploads(db, collection.form!.compiled, rows);
      yield rows.map((row, index) => csvLine(columns.map((column) => column.cell(row, answers[index])))).join('');
      after = rows[rows.length - 1].id;
    }
  })();
}
