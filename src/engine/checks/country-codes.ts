// What the pages know of countries before any name (forms/countries.json as forms:build writes it
// for them): each dial code with its countries, libphonenumber-js's main country first (+1 the US,
// +44 the UK, +7 Russia), in build/countries/dial-codes.json, enough for a phone's closed picker and
// its stored value; the names come later, one language a file (build/countries/names-<lang>.json).
/** Dial code without '+' (e.g. "1", "974") -> ISO 3166-1 alpha-2 codes, the main country first. */
export type DialCodes = Readonly<Record<string, readonly string[]>>;

/** The flag emoji, built from the two regional-indicator letters of the code. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

/** Splits '+97412345678' into { dial: '974', number: '12345678' } (the longest dial code that fits), or null. */
export function splitPhone(value: string, dialCodes: DialCodes): { dial: string; number: string } | null {
  if (!value.startsWith('+')) return null;
  const digits = value.slice(1);
  const dial = Object.keys(dialCodes)
    .filter((d) => digits.startsWith(d))
    .reduce<string | undefined>((longest, d) => (!longest || d.length > longest.length ? d : longest), undefined);
  return dial ? { dial, number: digits.slice(dial.length) } : null;
}

/** The country a dial code stands for when nothing says which (a shared '+1' is the US). */
export function mainCountry(dial: string, dialCodes: DialCodes): string | undefined {
  return Object.hasOwn(dialCodes, dial) ? dialCodes[dial][0] : undefined;
}

/** Each country's dial codes (the Dominican Republic has three). */
export function dialsByCountry(dialCodes: DialCodes): Map<string, string[]> {
  const byCountry = new Map<string, string[]>();
  for (const [dial, codes] of Object.entries(dialCodes)) {
    for (const code of codes) byCountry.set(code, [...(byCountry.get(code) ?? []), dial]);
  }
  return byCountry;
}

/** One language's country names (build/countries/names-<lang>.json), by code. */
export interface CountryNames {
  names: Record<string, string>;
  /** The English names, which a country question stores and a guest may type; the English file has only `names`. */
  english?: Record<string, string>;
}
