// A returning guest's last waiver of an attraction, found by the phone or email they gave on it
// (the waivers' indexes: migration 302's phone, 482's email), and what of it today's form asks
// again: every answer but the signature, consents, uploads, hidden values and the visit date (a new
// visit), each minor's answers likewise. Questions today's form no longer asks are left out.
import type { ResolvedField } from '../../../engine/compiler/compiled.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { Contact } from './codes.ts';

/** The question every waiver names alike where the guest's email is (optional: a waiver without it mails no reminder). */
export const EMAIL_FIELD = 'email';

export interface FoundWaiver {
  id: number;
  collection: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The latest waiver of these collections signed with this phone or email. */
export async function lastWaiverOf(db: Queryable, collections: readonly string[], contact: Contact): Promise<FoundWaiver | null> {
  if (collections.length === 0) return null;
  const match = contact.kind === 'phone' ? `data->>'${WAIVER_FIELDS.phone}' = $2` : `lower(data->>'${EMAIL_FIELD}') = $2`;
  const { rows } = await db.query<FoundWaiver & Record<string, unknown>>(
    `SELECT id, collection, data, created_at FROM documents
     WHERE evidence IS NOT NULL AND collection = ANY($1::text[]) AND ${match}
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [collections, contact.value],
  );
  return rows[0] ?? null;
}

const NOT_ASKED_AGAIN = new Set(['content', 'signature', 'consent', 'file', 'hidden']);

function copied(fields: readonly ResolvedField[], answers: Record<string, unknown>, top: boolean): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (NOT_ASKED_AGAIN.has(field.type) || !('name' in field) || (top && field.name === WAIVER_FIELDS.visitDate)) continue;
    const value = answers[field.name];
    if (value === undefined || value === null) continue;
    if (field.type === 'repeat') {
      if (!Array.isArray(value)) continue;
      kept[field.name] = value
        .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
        .map((item) => copied(field.fields as readonly ResolvedField[], item, false));
    } else kept[field.name] = value;
  }
  return kept;
}

/** The answers of `data` today's `form` asks again. */
export const prefillOf = (form: LoadedForm, data: Record<string, unknown>) =>
  copied(
    form.compiled.form.sections.flatMap((section) => section.fields),
    data,
    true,
  );
