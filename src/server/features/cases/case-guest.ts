// Who the guest of a submission is, as far as a reply needs: their language, whether they may be
// replied to (the definition's `contact`: an email given, not "no" to being contacted, not a
// confidential form) and the values of a reply's placeholders.
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { takesReplies, type ReplyBlock } from '../../../engine/contract/cases.ts';
import type { ReplyPlaceholder } from '../../../engine/cases/reply-placeholders.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';

/** The submission hook: the page language of a guest who may be replied to later (documents keep none). */
export const recordGuestLanguage: SubmissionHook = async (tx, { collection, row, lang }) => {
  if (!collection.form || !takesReplies(collection.form.compiled)) return;
  await tx.query('INSERT INTO case_guests (document_id, lang) VALUES ($1, $2) ON CONFLICT (document_id) DO NOTHING', [row.id, lang]);
};

const isLang = (value: unknown): value is Lang => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language the guest answered in (recorded, else a signed waiver's, else the form's first). */
export async function guestLanguage(db: Queryable, compiled: CompiledForm, row: DocumentRow): Promise<Lang> {
  const { rows } = await db.query<{ lang: string }>('SELECT lang FROM case_guests WHERE document_id = $1', [row.id]);
  const recorded = rows[0]?.lang ?? (row.evidence as { language?: unknown } | null)?.language;
  return isLang(recorded) && compiled.languages.includes(recorded) ? recorded : compiled.languages[0];
}

const answer = (row: DocumentRow, field: string | undefined) => {
  const value = field ? row.data[field] : undefined;
  return typeof value === 'string' ? value.trim() : value;
};

/** Why the guest may not be replied to, or null. */
export function replyBlock(collection: Collection, row: DocumentRow): ReplyBlock | null {
  const compiled = collection.form?.compiled;
  const contact = compiled?.form.contact;
  if (!compiled || !contact || !takesReplies(compiled)) return 'no-contact';
  const consent = answer(row, contact.consent);
  if (consent === 'no' || consent === false) return 'said-no';
  const email = answer(row, contact.email);
  return typeof email === 'string' && email !== '' ? null : 'no-email';
}

/** The guest's email address (replyBlock said there is one). */
export const guestEmail = (collection: Collection, row: DocumentRow) => String(answer(row, collection.form!.compiled.form.contact!.email));

/** The venue's name as the guest knows it (the display name of the reply's sender), else the form's title. */
export async function venueName(db: Queryable, compiled: CompiledForm, row: DocumentRow, lang: Lang): Promise<string> {
  if (compiled.venue && row.venue) {
    const { rows } = await db.query<{ name: unknown }>(`SELECT data->'name' AS name FROM documents WHERE collection = $1 AND data->>'slug' = $2 LIMIT 1`, [
      compiled.venue.collection,
      row.venue,
    ]);
    const name = rows[0]?.name;
    if (typeof name === 'string' && name) return name;
    if (name && typeof name === 'object') {
      const named = (name as Record<string, unknown>)[lang] ?? (name as Record<string, unknown>).en;
      if (typeof named === 'string' && named) return named;
    }
  }
  return formText(compiled.id, compiled.form.title, lang);
}

/** A staff member as a guest sees them: the first name only (else the address's name part). */
export function firstName(user: { name: string | null; email: string }): string {
  return user.name?.trim().split(/\s+/)[0] || user.email.split('@')[0];
}

/** The values of a reply's placeholders for this guest, in their language. */
export async function placeholderValues(
  db: Queryable,
  collection: Collection,
  row: DocumentRow,
  lang: Lang,
  staff: { name: string | null; email: string },
): Promise<Record<ReplyPlaceholder, string>> {
  const compiled = collection.form!.compiled;
  const name = answer(row, compiled.form.contact?.name);
  return {
    guest_name: typeof name === 'string' && name ? name : t('caseGuestName', lang),
    venue: await venueName(db, compiled, row, lang),
    reference: row.reference ?? String(row.id),
    staff_name: firstName(staff),
    visit_date: venueTime(row.created_at, lang, 'long-day'),
  };
}
