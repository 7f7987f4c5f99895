// The digest feature's table (ids 470-479 are this feature's): one row per account and ISO week
// whose digest was queued, so an account gets at most one a week whoever queues it (the weekly step
// on any instance, `npm run digest -- --now`) and however often. The outbox row (kind 'digest')
// names its row; the email is built from it at send time: the week it reports, in the account's language.
import type { Migration } from '../../core/db/migrations.ts';

export const DIGEST_MIGRATIONS: Migration[] = [
  {
    id: 470,
    name: 'digest: one row per account and ISO week whose digest was queued',
    statements: [
      `CREATE TABLE digests (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- the ISO week of the day it was made (2026-W49): with the account, the key that sends it once
        iso_week text NOT NULL,
        -- the reported Doha week (Sunday to Saturday) and the week before it
        week_from date NOT NULL,
        week_to date NOT NULL,
        before_from date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, iso_week)
      )`,
    ],
  },
];
