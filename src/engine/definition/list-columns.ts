// The columns a form's submissions list shows (the definition's `list.columns`): a question's
// answer (a rating as its label, a comment as its first words), or the lowest of several ratings
// on one scale ("the lowest rating", so a Poor dinner shows whichever part was poor). The server
// computes each row's cells from this (features/collections/list-columns.ts), forms:check checks
// the columns (scripts/lib/check.ts), the console draws them (SubmissionsPage.tsx).
import { Type, type Static } from '@sinclair/typebox';
import type { ResolvedDataField, ResolvedForm } from '../compiler/compiled.ts';
import { dataFields } from '../checks/conditions.ts';
import type { ListCell, ListCells } from '../contract/submission-list.ts';
import { FieldName, LocalizedText } from '../fields/parts.ts';
import type { FieldType } from './definition.ts';

/** Question types whose answer reads as one short value in a row (not files, signatures, groups, consents or several choices). */
export const LISTABLE_TYPES: readonly FieldType[] = [
  'text',
  'textarea',
  'email',
  'phone',
  'date',
  'number',
  'choice',
  'select',
  'rating',
  'scale',
  'country',
  'hidden',
];

/** A comment is cut to this many words unless its column says otherwise. */
export const DEFAULT_WORDS = 8;

const FieldColumn = Type.Object(
  {
    field: FieldName,
    words: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 30, description: `A textarea: how many of its first words the row shows (default ${DEFAULT_WORDS}).` }),
    ),
  },
  { additionalProperties: false, description: 'The answer to one question, under its label.' },
);

const LowestColumn = Type.Object(
  {
    name: FieldName,
    lowest: Type.Array(FieldName, { minItems: 2, uniqueItems: true, description: 'Rating questions on one scale.' }),
    label: LocalizedText,
  },
  { additionalProperties: false, description: 'The lowest of several ratings on one scale, under its own name (the sort key) and label.' },
);

export const ListColumn = Type.Union([FieldColumn, LowestColumn]);
export type ListColumn = Static<typeof ListColumn>;

export const SubmissionList = Type.Object(
  {
    columns: Type.Array(ListColumn, { minItems: 1, maxItems: 5, description: 'In order, after the reference and the date received.' }),
  },
  { additionalProperties: false, description: "What the staff console's submissions list shows of each submission (not for a confidential form)." },
);

/** The key of a column's cells and its sort: the question's name, or the lowest column's name. */
export const columnKey = (column: { field: string } | { name: string }) => ('field' in column ? column.field : column.name);

/** The form's list columns (none for a confidential form: its list shows nothing of a report's answers). */
export function listColumnsOf(form: Pick<ResolvedForm, 'list' | 'confidential'>): NonNullable<ResolvedForm['list']>['columns'] {
  return form.confidential ? [] : (form.list?.columns ?? []);
}

type RatingLike = Extract<ResolvedDataField, { type: 'rating' }>;

/** A stored rating's position on its scale (1 = the first option), or null when it is none of them. */
export function ratingPosition(field: RatingLike, value: unknown): number | null {
  const index = (field.options ?? []).findIndex((option) => option.value === value);
  return index < 0 ? null : index + 1;
}

/** The first `count` words of a text, and whether there were more. */
export function firstWords(text: string, count: number): { text: string; truncated: boolean } {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  return words.length > count ? { text: words.slice(0, count).join(' '), truncated: true } : { text: words.join(' '), truncated: false };
}

const stored = (value: unknown): ListCell['value'] => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null);

function ratingCell(field: RatingLike, value: unknown): ListCell | null {
  const position = ratingPosition(field, value);
  return position === null ? null : { value: stored(value), field: field.name, position, top: field.options?.length ?? position };
}

/** The rating columns (a rating question or a lowest column): those a list sorts by besides the date. */
export function ratingColumnKeys(form: ResolvedForm): string[] {
  const fields = new Map(dataFields(form).map((field) => [field.name, field]));
  return listColumnsOf(form)
    .filter((column) => 'lowest' in column || fields.get(column.field)?.type === 'rating')
    .map(columnKey);
}

/** One row's cells, by column key: what the server answers beside the document. */
export function listCells(form: ResolvedForm, data: Record<string, unknown>): ListCells {
  const fields = new Map(dataFields(form).map((field) => [field.name, field]));
  const cells: ListCells = {};
  for (const column of listColumnsOf(form)) {
    if ('lowest' in column) {
      const rated = column.lowest.map((name) => fields.get(name)).flatMap((field) => (field?.type === 'rating' ? [ratingCell(field, data[field.name])] : []));
      const lowest = rated.reduce<ListCell | null>((low, cell) => (cell && (!low || cell.position! < low.position!) ? cell : low), null);
      cells[column.name] = lowest ?? { value: null };
      continue;
    }
    const field = fields.get(column.field);
    const value = data[column.field];
    if (field?.type === 'rating') cells[column.field] = ratingCell(field, value) ?? { value: null };
    else if (field?.type === 'textarea' && typeof value === 'string') {
      const { text, truncated } = firstWords(value, column.words ?? DEFAULT_WORDS);
      cells[column.field] = truncated ? { value: text, truncated } : { value: text };
    } else cells[column.field] = { value: stored(value) };
  }
  return cells;
}
