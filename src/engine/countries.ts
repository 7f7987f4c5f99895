// Countries with dial codes and names in each language (data in forms/countries.json).
import data from '../../forms/countries.json' with { type: 'json' };
import type { Lang, LocalizedText } from './definition.ts';

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: LocalizedText;
  /** Dial codes without '+'; a few countries have several. */
  dial: string[];
}

export const countries: readonly Country[] = data.countries;

/** The flag emoji, built from the two regional-indicator letters of the code. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

export function countryLabel(country: Country, lang: Lang): string {
  return country.name[lang] ?? country.name.en;
}

export interface DialCodeOption {
  /** Unique per entry: country code and dial code, e.g. "DO-1809". */
  key: string;
  country: Country;
  dial: string;
}

/** One entry per dial code, so a country with several codes appears once for each. */
export function dialCodeOptions(): DialCodeOption[] {
  return countries.flatMap((country) => country.dial.map((dial) => ({ key: `${country.code}-${dial}`, country, dial })));
}

/** Every distinct dial code, longest first (for splitting a stored '+<dial><number>'). */
export const dialCodes: readonly string[] = [...new Set(countries.flatMap((c) => c.dial))].sort((a, b) => b.length - a.length);

/** Splits '+97412345678' into { dial: '974', number: '12345678' }, or null. */
export function splitPhone(value: string): { dial: string; number: string } | null {
  if (!value.startsWith('+')) return null;
  const digits = value.slice(1);
  const dial = dialCodes.find((d) => digits.startsWith(d));
  return dial ? { dial, number: digits.slice(dial.length) } : null;
}
