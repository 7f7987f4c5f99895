// GET /api/{slug} and /count: Payload's find with where, sort, limit, page and pagination=false,
// answered with the 10-key pagination object.
import type { Caller } from '../../core/access/caller.ts';
import type { Queryable } from '../../core/db/db.ts';
import { badRequest } from '../../core/errors.ts';
import type { QueryObject } from '../../core/http/query-string.ts';
import type { Collection, Registry } from '../../core/registry.ts';
import { readableSql } from '../../core/access/submission-access.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { sortToSql, whereToSql } from './where.ts';
import { isStaff } from '../../core/access/roles.ts';
import { listPage, type ListPage } from '../../core/http/list-page.ts';

/** Payload's paged answer (core/http/list-page.ts), with the stored rows in place of the documents. */
export type Page = Omit<ListPage<DocumentRow>, 'docs'> & { rows: DocumentRow[] };

/** Largest page or limit: PostgreSQL's integer, so (page - 1) * limit stays within its bigint OFFSET. */
const MAX_WHOLE = 2_147_483_647;

function wholeNumber(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number > MAX_WHOLE) {
    throw badRequest(`${name} must be a whole number from 0 to ${MAX_WHOLE}.`);
  }
  return number;
}

/** "$today" and "$now" in a collection's publicWhere, as of this request. */
function withClock(where: unknown, now: Date): unknown {
  if (where === '$today') return now.toISOString().slice(0, 10);
  if (where === '$now') return now.toISOString();
  if (Array.isArray(where)) return where.map((item) => withClock(item, now));
  if (where && typeof where === 'object') return Object.fromEntries(Object.entries(where).map(([key, value]) => [key, withClock(value, now)]));
  return where;
}

/** What a caller may see: the public key only what the collection's publicWhere allows. */
export function visibleTo(caller: Caller, collection: Collection, where: unknown): unknown {
  if (isStaff(caller) || !collection.publicWhere) return where;
  const limit = withClock(collection.publicWhere, new Date());
  return where === undefined || where === '' ? limit : { and: [typeof where === 'string' ? parseWhere(where) : where, limit] };
}

function parseWhere(where: string): unknown {
  try {
    return JSON.parse(where);
  } catch {
    throw badRequest('The where parameter is not valid JSON.');
  }
}

/** The rows asked for that the caller may read (core/access/submission-access.ts), filtered in the database. */
function filter(registry: Registry, caller: Caller, collection: Collection, query: QueryObject) {
  const params: unknown[] = [collection.slug];
  const where = whereToSql(collection, visibleTo(caller, collection, query.where), params);
  return { sql: `FROM documents WHERE collection = $1 AND (${where}) AND ${readableSql(caller, registry, collection, params)}`, params };
}

export async function countDocuments(db: Queryable, registry: Registry, caller: Caller, collection: Collection, query: QueryObject): Promise<number> {
  const { sql, params } = filter(registry, caller, collection, query);
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${sql}`, params);
  return rows[0].total;
}

export async function findDocuments(db: Queryable, registry: Registry, caller: Caller, collection: Collection, query: QueryObject): Promise<Page> {
  const { sql, params } = filter(registry, caller, collection, query);
  const order = sortToSql(collection, query.sort);
  const requestedLimit = wholeNumber(query.limit, 'limit', 10);
  const paginate = query.pagination !== 'false' && requestedLimit > 0;
  const limit = paginate ? requestedLimit : 0;
  const page = paginate ? Math.max(1, wholeNumber(query.page, 'page', 1)) : 1;
  const totalDocs = await countDocuments(db, registry, caller, collection, query);
  const window = paginate ? ` LIMIT ${limit} OFFSET ${(BigInt(page - 1) * BigInt(limit)).toString()}` : '';
  const { rows } = await db.query<DocumentRow>(`SELECT * ${sql} ORDER BY ${order}${window}`, params);
  // Without pagination every document is on the one page (Payload then answers limit 0).
  const { docs, ...counters } = listPage(rows, totalDocs, paginate ? { page, limit } : { page: 1, limit: Math.max(totalDocs, 1) });
  return { rows: docs, ...counters, limit };
}
