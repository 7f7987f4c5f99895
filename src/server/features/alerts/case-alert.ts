// An alert that no rule raised: something happened to a submission a person is already on (a guest
// answered their case, features/cases). It is an alerts row like a rule's (the console's inbox, the
// delivery log, the outbox's retries, built by delivery.ts) without a rule (rule_id NULL, migration
// 102). It goes to the given addresses, or, when there are none (nobody is assigned), to the email
// addresses the submission's rule alerts went to. Its words are the caller's, with the placeholders
// {reference} {venue} {link} only: never an answer (alert bodies keep no guest's text).
import { createHash } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { enqueue } from '../../core/outbox/outbox.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { ALERT_KIND } from './outbox.ts';

export interface CaseAlert {
  /** Shown as the alert's rule in the inbox and the delivery log. */
  name: string;
  subject: string;
  body: string;
  lang: Lang;
  /** Email addresses to tell; empty: those the submission's rule alerts went to. */
  emails: readonly string[];
  /** Stable per event (a guest's message id, say): with the recipient, the Message-ID key. */
  event: string;
}

/** The language the submission's first rule alert was written in (who reads its alerts reads it), else English. */
export async function alertLanguage(tx: Queryable, submissionId: number): Promise<Lang> {
  const { rows } = await tx.query<{ lang: Lang }>('SELECT lang FROM alerts WHERE submission_id = $1 AND rule_id IS NOT NULL ORDER BY id LIMIT 1', [
    submissionId,
  ]);
  return rows[0]?.lang ?? 'en';
}

/** Queued in the caller's transaction; answers the recipients told (none: the alert is in the inbox only). */
export async function queueCaseAlert(tx: Queryable, collection: Collection, row: DocumentRow, alert: CaseAlert): Promise<string[]> {
  const compiled = collection.form!.compiled;
  // A webhook's signing key is its rule's: a rule's webhook is not told of what its rule did not raise.
  const recipients = alert.emails.length
    ? [...alert.emails]
    : (
        await tx.query<{ recipient: string }>(
          `SELECT DISTINCT o.recipient FROM outbox o JOIN alerts a ON a.id = o.source_id
           WHERE o.kind = $1 AND o.channel = 'email' AND o.document_id = $2 AND a.rule_id IS NOT NULL ORDER BY o.recipient`,
          [ALERT_KIND, row.id],
        )
      ).rows.map((found) => found.recipient);
  const venue = compiled.venue && !compiled.confidential ? row.data[compiled.venue.field] : null;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO alerts (rule_id, rule_name, submission_id, collection, form_id, reference, venue, lang, subject, body)
     VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      alert.name,
      row.id,
      collection.slug,
      compiled.id,
      row.reference ?? String(row.id),
      venue === null || venue === undefined ? null : String(venue),
      alert.lang,
      alert.subject,
      alert.body,
    ],
  );
  for (const recipient of recipients) {
    const hash = createHash('sha256').update(`email:${recipient.toLowerCase()}`).digest('hex').slice(0, 16);
    await enqueue(tx, {
      kind: ALERT_KIND,
      channel: 'email',
      recipient,
      key: `case-alert-${row.id}-${alert.event}-${hash}`,
      sourceId: rows[0].id,
      documentId: row.id,
      lang: alert.lang,
    });
  }
  return recipients;
}
