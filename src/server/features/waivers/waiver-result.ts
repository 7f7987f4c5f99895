// One found waiver as the desk shows it: the attraction, the people, when it was signed and until
// when it is valid (the definition's validFor from its visit date), and its check-ins. In search
// results each document number and the phone show their last 4 characters only: the full ones are
// read by opening that waiver (GET /api/waivers/{id}, audited).
import type { WaiverCheckIn, WaiverResult } from '../../../engine/contract/waivers.ts';
import { waiverExpired, waiverValidUntil } from '../../../engine/waivers/waiver-validity.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { FoundWaiver } from './desk-search.ts';

const SHOWN = 4;

/** All but the last 4 characters hidden ('28456789013' reads '•••••••9013'); a value that short is hidden whole. */
export function maskValue(value: string): string {
  const chars = [...value];
  return chars.length <= SHOWN ? '•'.repeat(chars.length) : '•'.repeat(chars.length - SHOWN) + chars.slice(-SHOWN).join('');
}

export function toWaiverResult(
  row: FoundWaiver,
  form: LoadedForm,
  extra: { newTermsSince: boolean; mustSignNewTerms: boolean; checkIns: WaiverCheckIn[]; masked: boolean },
): WaiverResult {
  const { compiled, texts } = form;
  const shown = (value: string | null) => (value !== null && extra.masked ? maskValue(value) : value);
  const validUntil = waiverValidUntil(row.visit_date, row.created_at, compiled.form.validFor);
  return {
    id: row.id,
    reference: row.reference,
    form: compiled.id,
    title: Object.fromEntries(compiled.languages.map((lang) => [lang, texts[lang]?.[compiled.form.title] ?? compiled.id])),
    signer: { name: row.name ?? '', document: shown(row.document), phone: shown(row.phone), birthDate: row.birth_date },
    dependents: row.dependents.map((person) => ({ name: person.name ?? '', document: shown(person.document), birthDate: person.birthDate ?? null })),
    signedAt: row.created_at.toISOString(),
    visitDate: row.visit_date,
    validUntil,
    expired: waiverExpired(validUntil),
    ...extra,
  };
}
