// The desk's check-in of one person of a signed waiver (the signer or a minor by position), and
// the rule it refuses by: a waiver signed on terms that no longer cover its guests (the
// definition's resignOnNewTerms). One place for both, used by the desk's own check-in
// (POST /api/waivers/{id}/check-ins) and a party's (features/parties).
import type { Caller } from '../../core/access/caller.ts';
import type { Db, Queryable } from '../../core/db/db.ts';
import { ApiError, forbidden, notFound, validationError } from '../../core/errors.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { termsSha256 } from '../../core/forms/evidence.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import type { CheckInPerson } from '../../../engine/contract/waivers.ts';
import { termsOf } from '../../../engine/waivers/waiver-terms.ts';
import { recordAudit } from '../audit/index.ts';
import { WAIVER_FIELDS } from './waiver-fields.ts';

type Evidence = { language?: string; termsSha256?: string };
export type TermsOfRow = (row: { collection: string; evidence: Evidence; form_hash: string | null }) => { newTermsSince: boolean; mustSignNewTerms: boolean };

/** Whether a guest signed other terms than today's (their fingerprint, or the definition's hash for a waiver stored without one), and whether that means signing again. */
export function waiverTermsChecker(waiverForms: readonly LoadedForm[]): TermsOfRow {
  // Today's terms fingerprint per form and language, computed once each.
  const todaysTerms = new Map(waiverForms.map((form) => [form.compiled.collection, { form, byLang: new Map<Lang, string>() }]));
  const currentTermsSha256 = (collection: string, lang: Lang) => {
    const entry = todaysTerms.get(collection)!;
    if (!entry.byLang.has(lang)) entry.byLang.set(lang, termsSha256(termsOf({ ...entry.form.compiled, texts: entry.form.texts }, lang)));
    return entry.byLang.get(lang)!;
  };
  return (row) => {
    const form = todaysTerms.get(row.collection)!.form;
    const lang = resolveLanguage(row.evidence.language, form.compiled.languages);
    const newTermsSince = row.evidence.termsSha256
      ? row.evidence.termsSha256 !== currentTermsSha256(row.collection, lang)
      : row.form_hash !== form.compiled.hash;
    return { newTermsSince, mustSignNewTerms: newTermsSince && form.compiled.form.resignOnNewTerms === true };
  };
}

/**
 * Checks in one person of waiver `id` (of one of `collections`, the caller's desk's), audited: a 404
 * for another desk's waiver, a 400 for a person it does not have, a 409 when they must sign the new terms.
 */
export async function checkInWaiverPerson(
  db: Db,
  caller: Caller,
  termsOfRow: TermsOfRow,
  target: { collections: readonly string[]; id: number; person: CheckInPerson | undefined; lang: Lang },
  tx?: Queryable,
): Promise<void> {
  const { collections, id, person, lang } = target;
  const { rows } = await (tx ?? db).query<{ collection: string; dependents: number; reference: string; form_hash: string | null; evidence: Evidence }>(
    `SELECT collection, reference, form_hash, evidence, CASE WHEN jsonb_typeof(data->'${WAIVER_FIELDS.dependents}') = 'array' THEN jsonb_array_length(data->'${WAIVER_FIELDS.dependents}') ELSE 0 END AS dependents
     FROM documents WHERE id = $1 AND evidence IS NOT NULL AND collection = ANY($2::text[])`,
    [id, collections],
  );
  const waiver = rows[0];
  if (!waiver) throw notFound();
  if (person === undefined || (person !== 'signer' && person >= waiver.dependents))
    throw validationError(null, [{ path: 'person', message: t('staffWaiverNoSuchPerson', lang) }]);
  // Signed on terms that no longer cover them (the definition's resignOnNewTerms): they sign again first.
  if (termsOfRow(waiver).mustSignNewTerms) throw validationError(null, [{ path: 'person', message: t('staffWaiverMustSignNewTerms', lang) }], 409);
  if (caller.kind !== 'staff') throw forbidden();
  const write = async (inside: Queryable) => {
    await inside.query('INSERT INTO waiver_check_ins (document_id, person, user_id, user_email) VALUES ($1, $2, $3, $4)', [
      id,
      String(person),
      caller.user.id,
      caller.user.email,
    ]);
    await recordAudit(inside, caller, { action: 'waiver-check-in', target: waiver.collection, documentId: waiver.reference, detail: { person } });
  };
  if (tx) await write(tx);
  else await db.transaction(write);
}

/** The message of a refused check-in (a 4xx of checkInWaiverPerson), for a list of refusals. */
export function checkInRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.statusCode >= 500) return null;
  const body = error.body as { errors?: { message?: string; data?: { errors?: { message?: string }[] } }[] };
  return body.errors?.[0]?.data?.errors?.[0]?.message ?? body.errors?.[0]?.message ?? null;
}
