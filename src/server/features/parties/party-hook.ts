// A waiver sent from a party's page (X-Party: its code) is linked to the party in the submission's
// own transaction, the party's row locked meanwhile so two guests cannot both take its last place.
// Refused (409 at the visit date, in the guest's language, nothing stored): an unknown code or one
// of another attraction, a party whose day has passed, one that is full (signed >= expected + the
// definition's margin), or a waiver for another day than the party's.
import { validationError } from '../../core/errors.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { t } from '../../../engine/text/messages.ts';
import { dohaDay } from '../../../engine/waivers/waiver-validity.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import { linkWaiver, partyByCode, peopleOf, type PartyRow } from './party-store.ts';

/** Why a party's link takes no more guests now, or null while it does. */
export function partyClosed(party: PartyRow, margin: number, today = dohaDay(new Date())): 'past' | 'full' | null {
  if (party.visit_date < today) return 'past';
  return party.signed >= party.expected + margin ? 'full' : null;
}

export const linkToParty: SubmissionHook = async (tx, { collection, row, lang, party: code }) => {
  const compiled = collection.form?.compiled;
  if (code === undefined || !compiled?.form.submit.evidence) return;
  const refuse = (message: string) => validationError(collection.slug, [{ path: WAIVER_FIELDS.visitDate, message }], 409);
  const party = /^[0-9A-Za-z]{1,20}$/.test(code) ? await partyByCode(tx, code, true) : null;
  if (!party || party.form_id !== compiled.id || !compiled.form.party) throw refuse(t('partyRefusedCode', lang));
  const margin = compiled.form.party.margin;
  const closed = partyClosed(party, margin);
  if (closed === 'past') throw refuse(t('partyRefusedPast', lang, { date: party.visit_date }));
  if (closed === 'full') throw refuse(t('partyRefusedFull', lang, { limit: party.expected + margin }));
  if (row.data[WAIVER_FIELDS.visitDate] !== party.visit_date) throw refuse(t('partyRefusedDate', lang, { date: party.visit_date }));
  await linkWaiver(tx, party.id, row.id, peopleOf(row.data));
};
