// The organiser's email: the party's link to share and the signed link to their roster page, in
// their language, queued in the party's own transaction (the core outbox, kind 'party-roster'), sent
// on the email channel (the alerts' mail server); without SMTP_URL it stays queued. Built when it
// is sent, from the stored party: logs name the party's id only.
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { PARTY_PAGE_PREFIX, PARTY_ROSTER_PREFIX } from '../../../engine/contract/parties.ts';
import { leaseMs, type ChannelName } from '../alerts/index.ts';
import { partyById, type PartyRow } from './party-store.ts';
import { signRosterToken } from './roster-link.ts';

export const PARTY_ROSTER_KIND = 'party-roster';

export const queueRosterEmail = (tx: Queryable, party: PartyRow) =>
  enqueue(tx, {
    kind: PARTY_ROSTER_KIND,
    channel: 'email' satisfies ChannelName,
    recipient: party.organiser_email,
    key: `party-roster-${party.id}`,
    sourceId: party.id,
    lang: party.lang,
  });

/** The guests' address of the pages in a mail: PUBLIC_URL, else the console's. */
export const mailBase = (ctx: ServerContext) => (ctx.config.publicUrl ?? ctx.config.alerts.consoleUrl).replace(/\/+$/, '');

export function rosterEmailKind(ctx: ServerContext): OutboxKind {
  return {
    name: PARTY_ROSTER_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(email) {
      const party = await partyById(ctx.db, email.source_id);
      const form = party && ctx.registry.forms.find((candidate) => candidate.compiled.id === party.form_id);
      if (!party || party.erased || !form) return { ok: false, permanent: true, status: null, error: 'The party is no longer kept.' };
      const lang = party.lang;
      const titleLang = form.compiled.languages.includes(lang) ? lang : form.compiled.languages[0];
      const title = formText(form.compiled.id, form.compiled.form.title, titleLang);
      const link = `${mailBase(ctx)}${PARTY_PAGE_PREFIX}${party.code}`;
      const roster = `${mailBase(ctx)}${PARTY_ROSTER_PREFIX}${signRosterToken(ctx.jwtSecret, party.id, party.visit_date, lang)}`;
      return {
        recipient: email.recipient,
        key: email.message_id,
        subject: t('partyMailSubject', lang, { title, date: party.visit_date }),
        text: `${t('partyMailBody', lang, { link, roster })}\n`,
        headers: { 'Content-Language': lang },
      };
    },
  };
}
