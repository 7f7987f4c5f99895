// The alerts' tables (ids 100-149 are this feature's). alerts: one per rule and submission (the
// console's inbox); alert_deliveries: one per recipient (the outbox, sent at least once, with a
// stable Message-ID; moved to the core outbox by 101, kind 'alert', source_id the alert); alert_reads:
// who has read which alert.
import type { Migration } from '../../core/db/migrations.ts';

export const ALERTS_MIGRATIONS: Migration[] = [
  {
    id: 100,
    name: 'alerts, their deliveries (the outbox) and who read them',
    statements: [
      `CREATE TABLE alerts (
        id serial PRIMARY KEY,
        rule_id integer NOT NULL,
        rule_name text NOT NULL,
        submission_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        collection text NOT NULL,
        form_id text NOT NULL,
        reference text NOT NULL,
        -- the venue's name as answered; NULL for a confidential form
        venue text,
        lang text NOT NULL,
        -- the rule's words when the alert was queued ({link} filled in at send)
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (rule_id, submission_id)
      )`,
      `CREATE INDEX alerts_collection_created ON alerts (collection, created_at DESC, id DESC)`,
      `CREATE TABLE alert_deliveries (
        id serial PRIMARY KEY,
        alert_id integer NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
        recipient text NOT NULL,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- also the lease of a claimed delivery: claiming pushes it past the longest send
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        -- the 24 hours of trying count from here (a resend starts them again)
        queued_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        response_status integer,
        response_ms integer,
        sent_at timestamptz,
        UNIQUE (alert_id, channel, recipient)
      )`,
      `CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at) WHERE state IN ('queued', 'retrying')`,
      `CREATE TABLE alert_reads (
        alert_id integer NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        read_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (alert_id, user_id)
      )`,
    ],
  },
  {
    id: 101,
    name: "the alerts' deliveries move to the core outbox (kind 'alert'), queued ones still to be sent",
    statements: [
      // Each keeps its state, tries, schedule and Message-ID key: a queued or retrying one is sent by the outbox, the same message.
      `INSERT INTO outbox (kind, channel, recipient, message_id, source_id, document_id, lang, state, attempts, next_attempt_at, queued_at, last_error, response_status, response_ms, sent_at)
       SELECT 'alert', d.channel, d.recipient, d.message_id, d.alert_id, a.submission_id, a.lang, d.state, d.attempts, d.next_attempt_at, d.queued_at, d.last_error, d.response_status, d.response_ms, d.sent_at
       FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id ORDER BY d.id`,
      `DROP TABLE alert_deliveries`,
    ],
  },
  {
    id: 102,
    name: 'alerts no rule raised (a guest answered their case): rule_id may be empty',
    // A NULL rule_id is no rule's: UNIQUE (rule_id, submission_id) holds for rule alerts only, so each answer has its own.
    statements: ['ALTER TABLE alerts ALTER COLUMN rule_id DROP NOT NULL'],
  },
  {
    id: 110,
    name: 'an alert per rule, submission and event: something new on a confidential report (the reporter wrote) alerts again',
    statements: [
      // '' for the submission itself; else the event's own name (e.g. 'reporter-message-12').
      `ALTER TABLE alerts ADD COLUMN event text NOT NULL DEFAULT ''`,
      `ALTER TABLE alerts DROP CONSTRAINT alerts_rule_id_submission_id_key`,
      `ALTER TABLE alerts ADD CONSTRAINT alerts_rule_submission_event UNIQUE (rule_id, submission_id, event)`,
    ],
  },
];
