// The outbox's table (core: ids 60-69). One row per message to send (an alert to one recipient, a
// guest's waiver copy), written in the transaction of what caused it and sent at least once with a
// stable key (message_id). Rows name no answer: kind and source_id say what the kind builds the
// message from at send time; the recipient is the address only.
import type { Migration } from '../db/migrations.ts';

export const OUTBOX_MIGRATIONS: Migration[] = [
  {
    id: 60,
    name: 'one outbox of messages for every sender and channel',
    statements: [
      `CREATE TABLE outbox (
        id serial PRIMARY KEY,
        -- the sender that queued it ('alert', 'waiver-copy'), which builds its delivery
        kind text NOT NULL,
        -- its CHECK (outbox_channel_check) lists the table of channels, made and kept equal to it at start (core/outbox/channel-check.ts)
        channel text NOT NULL,
        recipient text NOT NULL,
        message_id text NOT NULL UNIQUE,
        -- the kind's own row the message is of (an alert's id; a waiver copy's submission)
        source_id integer NOT NULL,
        -- the submission it is about: the message goes with it (retention, erasure)
        document_id integer REFERENCES documents(id) ON DELETE CASCADE,
        lang text NOT NULL DEFAULT 'en',
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- also the lease of a claimed row: claiming pushes it past the longest send
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        -- the 24 hours of trying count from here (a resend starts them again)
        queued_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        response_status integer,
        response_ms integer,
        sent_at timestamptz,
        UNIQUE (kind, source_id, channel, recipient)
      )`,
      `CREATE INDEX outbox_due ON outbox (kind, next_attempt_at) WHERE state IN ('queued', 'retrying')`,
      `CREATE INDEX outbox_document ON outbox (document_id)`,
    ],
  },
];
