import { LANGUAGES, type Lang } from './languages.ts';

/**
 * The product's language rule: en → en, ar → ar, fr → ar, anything else → en;
 * except that a form which declares French shows French. A language the form
 * does not offer falls back to the form's first language.
 */
export function resolveLanguage(requested: string | null | undefined, declared: readonly Lang[] = LANGUAGES): Lang {
  const code = (requested ?? '').trim().toLowerCase().slice(0, 2);
  let lang: Lang = 'en';
  if (code === 'ar') lang = 'ar';
  else if (code === 'fr') lang = declared.includes('fr') ? 'fr' : 'ar';
  return declared.includes(lang) ? lang : (declared[0] ?? 'en');
}
