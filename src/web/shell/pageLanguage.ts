// The product's language rule (engine/text/language.ts) as an i18next language
// detector: ?lang of the page being opened, resolved against the languages that page is written
// in (en -> en, ar -> ar, fr -> ar unless the page declares French, anything else -> en).
import type { LanguageDetectorModule } from 'i18next';
import { i18n } from '../../engine/text/i18n.ts';
import { resolveLanguage } from '../../engine/text/language.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { loadMessages, loadStaffMessages } from '../messages.ts';
import { DEFAULT_LANGUAGES } from './pageData.ts';

/** The page being opened; before the router's first page, the address the browser opened. */
let opening: { search: string; languages: readonly Lang[]; unasked?: Lang } | undefined;

/** The language a page at `url` written in `languages` is shown in; `unasked`: its own when ?lang names none (a guest's case page: the guest's). */
export function pageLanguage(url: { search: string }, languages: readonly Lang[], unasked?: Lang): Lang {
  const asked = new URLSearchParams(url.search).get('lang');
  return !asked && unasked && languages.includes(unasked) ? unasked : resolveLanguage(asked, languages);
}

export const pageLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    // The server's render (ssr/) has no window: it names the page before any language is needed.
    opening ??= { search: typeof window === 'undefined' ? '' : window.location.search, languages: DEFAULT_LANGUAGES };
    return pageLanguage(opening, opening.languages, opening.unasked);
  },
  cacheUserLanguage: () => {},
};

/** Called by the router for every page it opens, once the page's loader knows its languages. */
export async function showPageLanguage(url: URL, languages: readonly Lang[], staffTexts = false, unasked?: Lang): Promise<void> {
  opening = { search: url.search, languages, unasked };
  const lang = pageLanguage(url, languages, unasked);
  await Promise.all([loadMessages(lang), staffTexts ? loadStaffMessages(lang) : undefined]);
  await i18n.changeLanguage();
}
