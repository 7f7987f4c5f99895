// An erasure (features/privacy) leaves no trace of the person in the audit log: every entry whose
// detail holds one of the person's strings (an export's filter from before filters were audited by
// their fields only, a reason someone wrote the email into) has each of them replaced, and the
// free-text reason of a legal hold on an erased submission goes. What the entries keep of the person
// is the keyed hash of the privacy entries (features/privacy/person.ts), which names nobody.
import type { Queryable } from '../../core/db/db.ts';

export const ERASED = '(erased)';

const pattern = (names: readonly string[]) =>
  new RegExp(
    names
      .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .sort((a, b) => b.length - a.length)
      .join('|'),
    'gi',
  );

/** The text with each of the names (without regard to case) replaced by ERASED. */
export function redactText(text: string, names: readonly string[]): string {
  return names.length ? text.replace(pattern(names), ERASED) : text;
}

function redactValue(value: unknown, names: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, names);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactText(key, names), redactValue(item, names)]));
  return value;
}

/** Redacts, in the erasure's transaction (after its deletes), the entries naming the person or holding the hold reason of a submission now gone; how many changed. */
export async function redactAudit(db: Queryable, names: readonly string[], erased: readonly number[]): Promise<number> {
  const likes = names.map((name) => `%${name.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  const { rows } = await db.query<{ id: number; detail: Record<string, unknown>; hold_gone: boolean }>(
    `SELECT id, detail, hold_gone FROM (
       SELECT id, detail, detail::text ILIKE ANY($1::text[]) AS names_person,
              (action = 'privacy-hold' AND document_id = ANY($2::text[]) AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id::text = audit_log.document_id)) AS hold_gone
         FROM audit_log WHERE detail IS NOT NULL
     ) entries WHERE names_person OR hold_gone`,
    [likes, erased.map(String)],
  );
  for (const row of rows) {
    const detail = redactValue(row.detail, names) as Record<string, unknown>;
    // A reason may name the person in words no search finds (a name, a case): it goes with the submission.
    if (row.hold_gone) detail.reason = ERASED;
    await db.query('UPDATE audit_log SET detail = $2 WHERE id = $1', [row.id, JSON.stringify(detail)]);
  }
  return rows.length;
}
