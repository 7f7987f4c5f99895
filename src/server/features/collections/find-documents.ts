// GET /api/{slug} and /count: Payload's find with where, sort, limit, page and pagination=false,
// answered with the 10-key pagination object; at most MAX_COLLECTION_LIMIT documents (core/http/list-page.ts).
import type { Caller } from '../../core/access/caller.ts';
import type { Queryable } from '../../core/db/db.ts';
import { badRequest } from '../../core/errors.ts';
import type { QueryObject } from '../../core/http/query-string.ts';
import type { Collection, Registry } from '../../core/registry.ts';
import { readableSql } from '../../core/access/submission-access.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { sortToSql, whereToSql } from './where.ts';
import { isStaff } from '../../core/access/roles.ts';
import { collectionPageParams, listPage, type ListPage } from '../../core/http/list-page.ts';

/** Payload's paged answer (core/http/list-page.ts), with the stored rows in place of the documents. */
export type Page = Omit<ListPage<DocumentRow>, 'docs'> & { rows: DocumentRow[] };

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
  const { page, limit, all } = collectionPageParams(query);
  const totalDocs = await countDocuments(db, registry, caller, collection, query);
  const { rows } = await db.query<DocumentRow>(
    `SELECT * ${sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${(BigInt(page - 1) * BigInt(limit)).toString()}`,
    params,
  );
  // Every document asked for, and all of them fit: on the one page, as Payload answers it (limit 0).
  if (all && totalDocs <= limit) return { rows, ...listPage(rows, totalDocs, { page: 1, limit: Math.max(totalDocs, 1) }), limit: 0 };
  const { docs, ...counters } = listPage(rows, totalDocs, { page, limit });
  return { rows: docs, ...counters };
}
