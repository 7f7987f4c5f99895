// forms:build's files of forms/countries.json for the pages (src/web/widgets/dialCodes.ts, countryNames.ts): the
// dial codes a phone shows at first render, build/countries/dial-codes.json, and the names one
// language a file, build/countries/names-<lang>.json, fetched when a guest opens a picker.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import metadata from 'libphonenumber-js/min/metadata';
import type { Country } from '../../src/engine/checks/countries.ts';
import type { CountryNames, DialCodes } from '../../src/engine/checks/country-codes.ts';
import { LANGUAGES, type Lang } from '../../src/engine/text/languages.ts';

/**
 * Each dial code with its countries, the one libphonenumber-js lists first for that calling code
 * (its main country: US for +1, GB for +44, RU for +7) first, the others as in countries.json.
 */
export function dialCodesOf(countries: readonly Country[]): Record<string, string[]> {
  const callingCodes = metadata.country_calling_codes;
  const dialCodes: Record<string, string[]> = {};
  for (const country of countries) for (const dial of country.dial) (dialCodes[dial] ??= []).push(country.code);
  for (const [dial, codes] of Object.entries(dialCodes)) {
    const main = callingCodes[dial]?.[0];
    if (main && codes.includes(main)) dialCodes[dial] = [main, ...codes.filter((code) => code !== main)];
  }
  return dialCodes satisfies DialCodes;
}

/** The names in `lang` (English where one is missing) and, for another language, the English names. */
export function countryNamesOf(countries: readonly Country[], lang: Lang): CountryNames {
  const names = (of: Lang) => Object.fromEntries(countries.map((c) => [c.code, c.name[of] ?? c.name.en]));
  return lang === 'en' ? { names: names('en') } : { names: names(lang), english: names('en') };
}

export function writeCountryFiles(countries: readonly Country[], dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'dial-codes.json'), JSON.stringify(dialCodesOf(countries)));
  for (const lang of LANGUAGES) writeFileSync(join(dir, `names-${lang}.json`), JSON.stringify(countryNamesOf(countries, lang)));
}
