// The reach feature's tables (ids 380-399 are this feature's). Each submission's source and
// distribution point are columns beside its venue (documents.source, documents.distribution_point),
// so lists, filters, the CSV and the funnel's "submitted" read them where the answers are.
// funnel_counts: what the funnel counts that is no submission (scans, views, starts, review
// clicks), per form, venue, source (and distribution point) and Doha day: counters, no person in them. funnel_starts: the
// view tokens whose "started" beacon was counted (one per page load), kept two days, then gone.
import type { Migration } from '../../core/db/migrations.ts';

export const REACH_MIGRATIONS: Migration[] = [
  {
    id: 380,
    name: 'reach: the source and distribution point of each submission, the funnel counters',
    statements: [
      `ALTER TABLE documents ADD COLUMN source text`,
      // the id of the distribution point's content document (not a foreign key: deleting a point keeps its answers' source)
      `ALTER TABLE documents ADD COLUMN distribution_point integer`,
      `UPDATE documents SET source = 'direct' WHERE form_version IS NOT NULL`,
      `CREATE TABLE funnel_counts (
        form text NOT NULL,
        venue text NOT NULL DEFAULT '',
        source text NOT NULL,
        -- the distribution point's id (0: none), so each card's scans are its own
        point integer NOT NULL DEFAULT 0,
        day date NOT NULL,
        step text NOT NULL CHECK (step IN ('scan', 'view', 'start', 'review-google', 'review-tripadvisor')),
        n integer NOT NULL,
        PRIMARY KEY (form, day, venue, source, point, step)
      )`,
      `CREATE TABLE funnel_starts (
        view_id text PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX funnel_starts_created ON funnel_starts (created_at)`,
      // a short code names one point (codes are stored in capitals: the lookup is a plain equality)
      `CREATE UNIQUE INDEX distribution_point_codes ON documents ((data->>'code')) WHERE collection = 'distribution-points'`,
    ],
  },
];
