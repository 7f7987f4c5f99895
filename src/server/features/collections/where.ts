// Payload `where` queries and `sort` turned into SQL over the documents table. Field names come
// only from the collection's known fields (never from the request), values always as parameters.
import { badRequest, queryError, validationError } from '../../core/errors.ts';
import { asList } from '../../core/http/query-string.ts';
import { normalizeReference } from '../../core/forms/reference.ts';
import type { Collection, FieldKind } from '../../core/registry.ts';
import { FOLLOW_UP_COLUMNS } from '../followup/index.ts';
import { ratingSortSql } from './list-columns.ts';

type Kind = FieldKind | 'date';

interface Column {
  sql: string;
  kind: Kind;
  /** Brings a request value to the stored form before comparing. */
  normalize?: (text: string) => string;
}

const COLUMNS: Record<string, Column> = {
  id: { sql: 'id', kind: 'number' },
  createdAt: { sql: 'created_at', kind: 'date' },
  updatedAt: { sql: 'updated_at', kind: 'date' },
};

const quote = (name: string) => `'${name.replace(/'/g, "''")}'`;

function dataColumn(name: string, kind: FieldKind): Column {
  const path = `data->${quote(name)}`;
  if (kind === 'number') return { sql: `(CASE WHEN jsonb_typeof(${path}) = 'number' THEN (data->>${quote(name)})::numeric END)`, kind };
  if (kind === 'boolean') return { sql: `(CASE WHEN jsonb_typeof(${path}) = 'boolean' THEN (data->>${quote(name)})::boolean END)`, kind };
  if (kind === 'json') return { sql: path, kind };
  return { sql: `(data->>${quote(name)})`, kind };
}

/** Only submissions have one; typed as a guest reads it out, it still matches. */
const REFERENCE: Column = { sql: 'reference', kind: 'text', normalize: normalizeReference };
/** A submission's source tag (features/reach): a column beside its venue. */
const SOURCE: Column = { sql: 'source', kind: 'text' };

export function resolveColumn(collection: Collection, path: string): Column | null {
  if (Object.hasOwn(COLUMNS, path)) return COLUMNS[path];
  if (path === 'reference' && collection.kind === 'submissions') return REFERENCE;
  if (path === 'source' && collection.kind === 'submissions' && !collection.fields.has('source')) return SOURCE;
  if (collection.kind === 'submissions' && Object.hasOwn(FOLLOW_UP_COLUMNS, path)) return FOLLOW_UP_COLUMNS[path as keyof typeof FOLLOW_UP_COLUMNS];
  // A confidential form's answers are sealed at rest (features/sealed): the database has none to compare, so none may be queried.
  if (collection.kind === 'submissions' && collection.sealed) return null;
  const kind = collection.fields.get(path);
  return kind ? dataColumn(path, kind) : null;
}

/** and/or items with the index the request gave each (past qs's arrayLimit a list arrives as an object with numeric keys). */
function indexed(value: unknown): [string, unknown][] {
  if (!value || typeof value !== 'object') return asList(value).map((item, index) => [String(index), item]);
  const keys = Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value).sort((a, b) => Number(a) - Number(b));
  return keys.map((key) => [key, (value as Record<string, unknown>)[key]]);
}

class SqlBuilder {
  readonly badPaths: string[] = [];
  /** The query parameter being read, as the request wrote it (where[or][0][createdAt][greater_than]), to name it in a 400. */
  private parameter = 'where';
  constructor(
    private readonly collection: Collection,
    readonly params: unknown[],
  ) {}

  /** A value PostgreSQL would refuse: a 400 naming the parameter, not a failed query. */
  private refuse(problem: string): never {
    throw validationError(this.collection.slug, [{ path: this.parameter, message: `${this.parameter} ${problem}` }]);
  }

  private param(value: unknown, cast = ''): string {
    if (typeof value === 'string' && value.includes('\u0000')) this.refuse('cannot contain a null character (U+0000).');
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  /** A request value as the column's type; undefined when it cannot match anything. */
  private typed(kind: Kind, raw: unknown): unknown {
    const text = String(raw);
    if (kind === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;
    if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
    if (kind === 'date') {
      // Outside years 0 to 9999 JavaScript writes +099999-01-01 or -000001-01-01, and PostgreSQL has
      // no year 0: it would refuse them all. An unreadable date (NaN) is refused the same way.
      const date = new Date(text);
      const year = date.getUTCFullYear();
      if (!(year >= 1 && year <= 9999)) this.refuse('must be a date from the year 1 to 9999, such as 2024-05-31 or 2024-05-31T18:00:00Z.');
      return date.toISOString();
    }
    return text;
  }

  private value(column: Column, raw: unknown): string | null {
    const value = this.typed(column.kind, column.normalize ? column.normalize(String(raw)) : raw);
    if (value === undefined) return null;
    if (column.kind === 'date') return this.param(value, '::timestamptz');
    if (column.kind === 'number') return this.param(value, '::numeric');
    if (column.kind === 'boolean') return this.param(value, '::boolean');
    return this.param(value, '::text');
  }

  private condition(column: Column, operator: string, raw: unknown, path: string): string {
    const list = () =>
      (typeof raw === 'string' ? raw.split(',') : asList(raw)).map((item) => this.value(column, item)).filter((sql): sql is string => sql !== null);
    if (operator === 'exists') return String(raw) === 'false' ? `${column.sql} IS NULL` : `${column.sql} IS NOT NULL`;
    if (column.kind === 'json') {
      // Lists (multi-choice answers): equals/contains/in test membership.
      if (!['equals', 'contains', 'in'].includes(operator)) throw badRequest(`The operator "${operator}" cannot be used on ${path}.`);
      const values = asList(raw).flatMap((item) => (typeof item === 'string' ? item.split(',') : []));
      return values.length ? `(${values.map((item) => `${column.sql} @> jsonb_build_array(${this.param(item, '::text')})`).join(' OR ')})` : 'FALSE';
    }
    switch (operator) {
      case 'equals':
      case 'not_equals': {
        const value = this.value(column, raw);
        if (operator === 'equals') return value ? `${column.sql} = ${value}` : 'FALSE';
        return value ? `${column.sql} IS DISTINCT FROM ${value}` : 'TRUE';
      }
      case 'in':
      case 'not_in': {
        const values = list();
        if (operator === 'in') return values.length ? `${column.sql} IN (${values.join(', ')})` : 'FALSE';
        return values.length ? `(${column.sql} IS NULL OR ${column.sql} NOT IN (${values.join(', ')}))` : 'TRUE';
      }
      case 'greater_than':
      case 'greater_than_equal':
      case 'less_than':
      case 'less_than_equal': {
        const symbol = { greater_than: '>', greater_than_equal: '>=', less_than: '<', less_than_equal: '<=' }[operator];
        const value = this.value(column, raw);
        return value ? `${column.sql} ${symbol} ${value}` : 'FALSE';
      }
      case 'like':
      case 'not_like':
      case 'contains': {
        const escape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
        // like: every word must appear, case-insensitively (Payload's meaning); contains: the whole text.
        const words = operator === 'contains' ? [String(raw)] : String(raw).split(/\s+/).filter(Boolean);
        const all = words.map((word) => `${column.sql}::text ILIKE ${this.param(`%${escape(word)}%`, '::text')}`).join(' AND ') || 'TRUE';
        return operator === 'not_like' ? `NOT COALESCE((${all}), FALSE)` : `(${all})`;
      }
      default:
        throw badRequest(`The operator "${operator}" is not supported on ${path}.`);
    }
  }

  where(where: unknown, at = 'where'): string {
    if (!where || typeof where !== 'object') return 'TRUE';
    const parts: string[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (key === 'and' || key === 'or') {
        const inner = indexed(value).map(([index, item]) => this.where(item, `${at}[${key}][${index}]`));
        if (inner.length) parts.push(`(${inner.join(key === 'and' ? ' AND ' : ' OR ')})`);
        continue;
      }
      const column = resolveColumn(this.collection, key);
      if (!column) {
        this.badPaths.push(key);
        continue;
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(`Give an operator for ${key}, e.g. where[${key}][equals]=...`);
      for (const [operator, raw] of Object.entries(value)) {
        this.parameter = `${at}[${key}][${operator}]`;
        parts.push(this.condition(column, operator, raw, key));
      }
    }
    return parts.length ? parts.join(' AND ') : 'TRUE';
  }
}

/** SQL condition for `where` (a parsed object or a JSON string); params are appended to `params`. */
export function whereToSql(collection: Collection, where: unknown, params: unknown[]): string {
  let parsed = where;
  if (typeof where === 'string') {
    try {
      parsed = JSON.parse(where);
    } catch {
      throw badRequest('The where parameter is not valid JSON.');
    }
  }
  const builder = new SqlBuilder(collection, params);
  const sql = builder.where(parsed);
  if (builder.badPaths.length) throw queryError(builder.badPaths);
  return sql;
}

const OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
  'exists',
]);

/**
 * What the audit log keeps of a where (an export's filter): each condition's field and operator
 * ("email equals"), never a value, which may be a person's email or phone. A name the collection
 * does not know is not kept either (it may be anything typed).
 */
export function whereFields(collection: Collection, where: unknown): string[] {
  let parsed = where;
  if (typeof where === 'string') {
    try {
      parsed = JSON.parse(where);
    } catch {
      return [];
    }
  }
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'and' || key === 'or') {
        for (const item of asList(value)) walk(item);
        continue;
      }
      const field = resolveColumn(collection, key) ? key : '(unknown field)';
      for (const operator of value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : ['']) {
        found.add(`${field} ${OPERATORS.has(operator) ? operator : '(unknown operator)'}`);
      }
    }
  };
  walk(parsed);
  return [...found].sort();
}

export function sortToSql(collection: Collection, sort: unknown): string {
  const fields =
    typeof sort === 'string' && sort.trim()
      ? sort
          .split(',')
          .map((field) => field.trim())
          .filter(Boolean)
      : ['-createdAt'];
  const bad: string[] = [];
  const order = fields.map((field) => {
    const descending = field.startsWith('-');
    const key = descending ? field.slice(1) : field;
    const sql = ratingSortSql(collection, key) ?? resolveColumn(collection, key)?.sql;
    if (!sql) bad.push(key);
    return `${sql} ${descending ? 'DESC' : 'ASC'} NULLS LAST`;
  });
  if (bad.length) throw queryError(bad);
  const tieBreak = fields[fields.length - 1].startsWith('-') ? 'id DESC' : 'id ASC';
  return [...order, tieBreak].join(', ');
}
