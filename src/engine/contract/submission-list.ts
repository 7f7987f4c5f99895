// What the submissions list shows of each row beside its reference, date and follow-up: the
// columns its definition names (`list.columns`, engine/definition/list-columns.ts), computed by the server
// from the stored answers (GET /api/{collection}, staff only, never for a confidential form) and
// drawn by the console. Also the sorts the console offers.
import { Type, type Static } from '@sinclair/typebox';

/**
 * One column's value for one row. `value` is the stored answer (a textarea's first words, with
 * `truncated` when there were more); a rating (a rating question, or the lowest of several) also
 * carries the question it came from and its position on that scale (1 = its first option) of `top`.
 */
export const ListCell = Type.Object({
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  truncated: Type.Optional(Type.Boolean()),
  field: Type.Optional(Type.String()),
  position: Type.Optional(Type.Integer({ minimum: 1 })),
  top: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ListCell = Static<typeof ListCell>;

/** A row's cells by column key (the question's name, or a lowest column's own name), as `listColumns` beside the document's answers. */
export const ListCells = Type.Record(Type.String(), ListCell);
export type ListCells = Static<typeof ListCells>;

/** The key of each document's cells in the list answer (beside Payload's fields, like followUp). */
export const LIST_CELLS_KEY = 'listColumns';
