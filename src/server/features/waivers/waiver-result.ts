// One found waiver as the desk shows it: the attraction, the people, when it was signed and until
// when it is valid (the definition's validFor from its visit date), and its check-ins.
import type { WaiverCheckIn, WaiverResult } from '../../../engine/contract/waivers.ts';
import { waiverExpired, waiverValidUntil } from '../../../engine/waiver-validity.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { FoundWaiver } from './desk-search.ts';

export function toWaiverResult(row: FoundWaiver, form: LoadedForm, extra: { newTermsSince: boolean; checkIns: WaiverCheckIn[] }): WaiverResult {
  const { compiled, texts } = form;
  const validUntil = waiverValidUntil(row.visit_date, row.created_at, compiled.form.validFor);
  return {
    id: row.id,
    reference: row.reference,
    form: compiled.id,
    title: Object.fromEntries(compiled.languages.map((lang) => [lang, texts[lang]?.[compiled.form.title] ?? compiled.id])),
    signer: { name: row.name ?? '', document: row.document, phone: row.phone },
    dependents: row.dependents.map((person) => ({ name: person.name ?? '', document: person.document })),
    signedAt: row.created_at.toISOString(),
    visitDate: row.visit_date,
    validUntil,
    expired: waiverExpired(validUntil),
    ...extra,
  };
}
