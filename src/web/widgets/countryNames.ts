// The countries' names in one language (forms:build's build/countries/names-<lang>.json, from
// forms/countries.json), fetched when a guest opens a picker, or before the first render of a form
// with a country question (its loader waits for them): not in a phone's first download. Until they
// arrive the browser's own names (Intl.DisplayNames) keep a list usable.
import { useEffect, useState } from 'react';
import { hasFieldOfType } from '../../engine/checks/answers.ts';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { CountryNames } from '../../engine/checks/country-codes.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { loadOnce, withTimeout } from '../shell/chunkTimeout.ts';

const displayNamesByLang = new Map<string, Intl.DisplayNames | null>();

/** The browser's names of regions in `lang`, or null where it has none. */
export function displayNames(lang: string): Intl.DisplayNames | null {
  if (!displayNamesByLang.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      // no region names in this browser: the reviewed names only
    }
    displayNamesByLang.set(lang, names);
  }
  return displayNamesByLang.get(lang)!;
}

const nameFiles = import.meta.glob<CountryNames>('/build/countries/names-*.json', { import: 'default' });

/** The names file of `lang` (its key in the build's manifest, which the server preloads from). */
export const countryNamesFile = (lang: Lang) => `build/countries/names-${lang}.json`;

/** A country question's value is a name: its form's first render needs the names (the loader waits for them). */
export const needsCountryNames = (form: ResolvedForm) => hasFieldOfType(form, 'country');

const loaded = new Map<Lang, CountryNames>();
const pending = new Map<Lang, Promise<CountryNames>>();

/** The names in `lang`, fetched once (a failure may be retried). */
export function loadCountryNames(lang: Lang): Promise<CountryNames> {
  const load = nameFiles[`/${countryNamesFile(lang)}`];
  if (!load) return Promise.reject(new Error(`No country names in "${lang}": run npm run forms:build`));
  return loadOnce(pending, lang, () =>
    withTimeout(load()).then((names) => {
      loaded.set(lang, names);
      return names;
    }),
  );
}

/** A country's name in the page's language: the reviewed one once loaded, else the browser's, else its code. */
export function countryName(code: string, lang: Lang, names: CountryNames | undefined): string {
  return names?.names[code] ?? displayNames(lang)?.of(code) ?? code;
}

/** The reviewed English name (what a country question stores), once the names are here. */
export function englishName(code: string, names: CountryNames | undefined): string | undefined {
  return names ? (names.english ?? names.names)[code] : undefined;
}

/**
 * The names in `lang` if already here; `need()` fetches them (a picker's focus), and so does the
 * first render when `now` (a country question, whose value is a name).
 */
export function useCountryNames(lang: Lang, now = false): { names: CountryNames | undefined; need: () => void } {
  const [, arrived] = useState(0);
  const names = loaded.get(lang);
  const need = () => {
    if (!loaded.has(lang))
      loadCountryNames(lang).then(
        () => arrived((n) => n + 1),
        () => {},
      ); // offline: the browser's names meanwhile, tried again on the next focus
  };
  useEffect(() => {
    if (now) need();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- need only depends on lang
  }, [now, lang]);
  return { names, need };
}
