// Payload's paged list answer ({docs, totalDocs, limit, page, totalPages, ...}): what every list
// route answers (collections, users, the audit log, alerts...) and what the pages read.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** The answer's schema for a list of `doc`: a route's schema.response, and the page's type through ListPage. */
export const ListPageOf = <Doc extends TSchema>(doc: Doc) =>
  Type.Object({
    docs: Type.Array(doc),
    totalDocs: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1 }),
    totalPages: Type.Integer({ minimum: 1 }),
    page: Type.Integer({ minimum: 1 }),
    pagingCounter: Type.Integer({ minimum: 1 }),
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
    prevPage: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    nextPage: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  });

export type ListPage<Doc> = Omit<Static<ReturnType<typeof ListPageOf>>, 'docs'> & { docs: Doc[] };
