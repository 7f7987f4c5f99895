// The submissions list's columns (a definition's `list.columns`, engine/definition/list-columns.ts) on the
// server: each row's cells beside its document, and the sorts by rating. Cells come from the rows
// the caller was already allowed to read (list-documents' readableSql), so they are scoped like
// the answers; a confidential form has none (listColumnsOf), and the public key never gets them.
import type { Caller } from '../../core/access/caller.ts';
import { isStaff } from '../../core/access/roles.ts';
import type { Doc, DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { LIST_CELLS_KEY } from '../../../engine/contract/submission-list.ts';
import { columnKey, listCells, listColumnsOf } from '../../../engine/definition/list-columns.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import type { ResolvedDataField } from '../../../engine/compiler/compiled.ts';

/** Adds each row's cells to its document (same order), for staff reading a form with list columns. */
export function addListCells(caller: Caller, collection: Collection, rows: DocumentRow[], docs: Doc[]): void {
  const form = collection.form?.compiled.form;
  if (collection.kind !== 'submissions' || !form || !isStaff(caller) || listColumnsOf(form).length === 0) return;
  rows.forEach((row, index) => {
    docs[index][LIST_CELLS_KEY] = listCells(form, row.data);
  });
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A rating's position on its scale (1 = first option) in SQL; NULL when unanswered. Values come from the definition, never the request. */
function positionSql(field: Extract<ResolvedDataField, { type: 'rating' }>): string {
  const values = (field.options ?? []).map((option) => quote(String(option.value)));
  return values.length ? `array_position(ARRAY[${values.join(', ')}]::text[], data->>${quote(field.name)})` : 'NULL::int';
}

/**
 * What a sort key means when it is a rating: a rating question sorts by position on its scale (not
 * by its stored word, where "average" < "excellent" < "good"), a lowest column by its lowest
 * position. null: not a rating (collections/where.ts resolves it like any other path).
 */
export function ratingSortSql(collection: Collection, key: string): string | null {
  const form = collection.form?.compiled.form;
  if (collection.kind !== 'submissions' || !form) return null;
  const ratings = new Map(dataFields(form).flatMap((field) => (field.type === 'rating' ? [[field.name, field] as const] : [])));
  const own = ratings.get(key);
  if (own) return positionSql(own);
  const lowest = listColumnsOf(form).find((column) => 'lowest' in column && columnKey(column) === key);
  if (!lowest || !('lowest' in lowest)) return null;
  const positions = lowest.lowest.flatMap((name) => (ratings.has(name) ? [positionSql(ratings.get(name)!)] : []));
  // LEAST skips NULLs: a row is as low as its lowest answered rating, NULL when it answered none.
  return positions.length ? `LEAST(${positions.join(', ')})` : null;
}
