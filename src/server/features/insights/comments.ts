// The comments of a range: free-text answers with the ratings given beside them, newest first,
// each with its submission's id (the page links to it). Read by the database, limited and scoped.
import type { Queryable } from '../../core/db/db.ts';
import { INSIGHT_COMMENTS_LIMIT, type InsightComment } from '../../../engine/contract/insights.ts';
import { RANGE_CONDITION, venueCondition, type InsightRange } from './aggregate.ts';

export interface CommentsRequest {
  collection: string;
  by: string | null;
  /** Only the comments of this group (an answer of `by`), when given. */
  group: string | null;
  range: InsightRange;
  commentFields: string[];
  ratingFields: string[];
  venues: readonly string[] | null;
}

export async function readComments(db: Queryable, request: CommentsRequest): Promise<{ docs: InsightComment[]; more: boolean }> {
  if (request.commentFields.length === 0) return { docs: [], more: false };
  const params: unknown[] = [request.collection, request.range.from, request.range.to, request.commentFields, request.ratingFields, request.by];
  const groupCondition = request.by !== null && request.group !== null ? ` AND d.data->>$6::text = $${params.push(request.group)}` : '';
  const venues = venueCondition(request.venues, params);
  params.push(INSIGHT_COMMENTS_LIMIT + 1);
  const { rows } = await db.query<{
    id: number;
    reference: string | null;
    created_at: Date;
    grp: string | null;
    field: string;
    text: string;
    ratings: Record<string, string | number> | null;
  }>(
    `SELECT d.id, d.reference, d.created_at, d.data->>$6::text AS grp, comment.key AS field, comment.value AS text,
        (SELECT jsonb_object_agg(key, value) FROM jsonb_each(d.data) WHERE key = ANY($5::text[])) AS ratings
      FROM documents d, jsonb_each_text(d.data) AS comment
      WHERE ${RANGE_CONDITION}${groupCondition}${venues}
        AND comment.key = ANY($4::text[]) AND btrim(comment.value) <> ''
      ORDER BY d.created_at DESC, d.id DESC, comment.key
      LIMIT $${params.length}`,
    params,
  );
  const docs = rows.slice(0, INSIGHT_COMMENTS_LIMIT).map((row) => ({
    id: row.id,
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
    group: row.grp,
    field: row.field,
    text: row.text,
    ratings: row.ratings ?? {},
  }));
  return { docs, more: rows.length > INSIGHT_COMMENTS_LIMIT };
}
