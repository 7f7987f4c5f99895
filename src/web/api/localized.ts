// Backend documents carry text per language like Payload's localized fields ({"en": ..., "ar": ...}):
// the page language when the document has it, else English. This is content data, not interface
// text (that is i18next's, see engine/text/i18n.ts).
import type { Lang } from '../../engine/text/languages.ts';

export interface Localized<T> {
  value: T | undefined;
  /** The language the value is in (differs from the page's when it fell back to English). */
  lang: Lang;
}

export function localized<T = string>(field: unknown, lang: Lang): Localized<T> {
  if (!field || typeof field !== 'object' || Array.isArray(field)) return { value: field as T | undefined, lang };
  const byLang = field as Partial<Record<Lang, T>>;
  if (byLang[lang] !== undefined) return { value: byLang[lang], lang };
  return { value: byLang.en, lang: 'en' };
}
