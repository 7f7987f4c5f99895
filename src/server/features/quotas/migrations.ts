// The quotas' table (ids 460-469 are this feature's): one counter per form with a limit (venue '')
// and per venue of a form with a limit per venue, taken in the create's own transaction.
import type { Migration } from '../../core/db/migrations.ts';

export const QUOTAS_MIGRATIONS: Migration[] = [
  {
    id: 460,
    name: 'quota counters: the answers a limited form (venue empty) or one of its venues has taken',
    statements: [
      `CREATE TABLE quota_counters (
        form_id text NOT NULL,
        venue text NOT NULL DEFAULT '',
        taken integer NOT NULL,
        PRIMARY KEY (form_id, venue)
      )`,
    ],
  },
];
