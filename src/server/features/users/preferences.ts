// An account's own preferences (migration 203): the language of what is sent to it (the weekly
// digest) and whether it gets the digest. Read and changed by the account itself only
// (/api/users/me/preferences); a wrong value is a 400 naming the field, in the caller's language.
import type { Queryable } from '../../core/db/db.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import { t } from '../../../engine/text/messages.ts';
import { isLang, type Lang } from '../../../engine/text/languages.ts';
import type { StaffPreferences } from '../../../engine/contract/users.ts';

type Row = { lang: string; digest: boolean };
const preferencesOf = (row: Row): StaffPreferences => ({ lang: isLang(row.lang) ? row.lang : 'en', digest: row.digest });

export async function readPreferences(db: Queryable, userId: number): Promise<StaffPreferences | null> {
  const { rows } = await db.query<Row>('SELECT lang, digest FROM users WHERE id = $1 AND disabled_at IS NULL', [userId]);
  return rows[0] ? preferencesOf(rows[0]) : null;
}

/** Changes what the body sends (lang, digest); null when the account is gone or disabled. */
export async function savePreferences(
  db: Queryable,
  userId: number,
  body: Record<string, unknown>,
  lang: Lang,
): Promise<{ doc: StaffPreferences; changed: (keyof StaffPreferences)[] } | null> {
  const errors: FieldError[] = [];
  if (body.lang !== undefined && !isLang(body.lang))
    errors.push({ path: 'lang', label: t('staffProfileLanguage', lang), message: t('staffProfileLanguageInvalid', lang) });
  if (body.digest !== undefined && typeof body.digest !== 'boolean')
    errors.push({ path: 'digest', label: t('staffProfileDigest', lang), message: t('staffProfileDigestInvalid', lang) });
  if (errors.length) throw validationError('users', errors);
  const before = await readPreferences(db, userId);
  if (!before) return null;
  const { rows } = await db.query<Row>(
    'UPDATE users SET lang = COALESCE($2, lang), digest = COALESCE($3, digest), updated_at = now() WHERE id = $1 AND disabled_at IS NULL RETURNING lang, digest',
    [userId, (body.lang as Lang | undefined) ?? null, (body.digest as boolean | undefined) ?? null],
  );
  if (!rows[0]) return null;
  const doc = preferencesOf(rows[0]);
  const changed = (['lang', 'digest'] as const).filter((key) => doc[key] !== before[key]);
  return { doc, changed: [...changed] };
}
