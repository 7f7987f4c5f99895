// Payload's paged list answer ({docs, totalDocs, limit, page, totalPages, ...}) and the page and
// limit rules: the lists that are not collections (users, the audit log, perk redemptions) refuse
// a limit over theirs; a collection's list (GET /api/{slug}) clamps it to MAX_COLLECTION_LIMIT, as
// a Payload client expects an answer whatever it asked (it reads limit, totalDocs and hasNextPage).
import type { ListPage } from '../../../engine/contract/list-page.ts';
import { badRequest } from '../errors.ts';

export type { ListPage };

const MAX_LIMIT = 100;
/**
 * The most documents one collection answer holds, whatever limit (or pagination=false, or limit=0,
 * Payload's "every document") asks: one answer is one query on the embedded database's only
 * connection. A whole collection is read page by page, or as the CSV export's stream.
 */
export const MAX_COLLECTION_LIMIT = 500;
/** Largest page or limit: PostgreSQL's integer, so (page - 1) * limit stays within its bigint OFFSET. */
const MAX_WHOLE = 2_147_483_647;

function whole(value: unknown, name: string, fallback: number, max: number, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || number < min || number > max)
    throw badRequest(`${name} must be a whole number from ${min} to ${max}.`);
  return number;
}

/** ?page= (from 1) and ?limit= (1 to 100, default 10). */
export function pageParams(query: Record<string, unknown>): { page: number; limit: number } {
  return { page: whole(query.page, 'page', 1, MAX_WHOLE), limit: whole(query.limit, 'limit', 10, MAX_LIMIT) };
}

/**
 * A collection's ?page=, ?limit= (default 10) and ?pagination=false as Payload reads them, the
 * limit at most MAX_COLLECTION_LIMIT. `all`: every document was asked for (pagination=false or
 * limit=0), which is the first MAX_COLLECTION_LIMIT of them.
 */
export function collectionPageParams(query: Record<string, unknown>): { page: number; limit: number; all: boolean } {
  const asked = whole(query.limit, 'limit', 10, MAX_WHOLE, 0);
  const all = query.pagination === 'false' || asked === 0;
  return {
    page: all ? 1 : Math.max(1, whole(query.page, 'page', 1, MAX_WHOLE, 0)),
    limit: all ? MAX_COLLECTION_LIMIT : Math.min(asked, MAX_COLLECTION_LIMIT),
    all,
  };
}

export function listPage<T>(docs: T[], totalDocs: number, { page, limit }: { page: number; limit: number }): ListPage<T> {
  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  return {
    docs,
    totalDocs,
    limit,
    totalPages,
    page,
    pagingCounter: (page - 1) * limit + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
}
