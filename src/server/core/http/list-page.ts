// Payload's paged list answer ({docs, totalDocs, limit, page, totalPages, ...}) for lists that are
// not collections (users, the audit log, perk redemptions), with the same page and limit rules.
import type { ListPage } from '../../../engine/contract/list-page.ts';
import { badRequest } from '../errors.ts';

export type { ListPage };


const MAX_LIMIT = 100;

function whole(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || number < 1 || number > max) throw badRequest(`${name} must be a whole number from 1 to ${max}.`);
  return number;
}

/** ?page= (from 1) and ?limit= (1 to 100, default 10). */
export function pageParams(query: Record<string, unknown>): { page: number; limit: number } {
  return { page: whole(query.page, 'page', 1, 2_147_483_647), limit: whole(query.limit, 'limit', 10, MAX_LIMIT) };
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
