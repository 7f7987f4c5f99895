// The countries' dial codes as the pages know them (forms:build's build/countries/dial-codes.json,
// from forms/countries.json), in every phone's first render: small, with no names, so a phone's
// closed picker and its stored value render the same on the server and in the browser. The names
// come later, one language at a time (countryNames.ts).
import { dialsByCountry, mainCountry, type DialCodes } from '../../engine/checks/country-codes.ts';

const DIAL_CODES_FILE = '/build/countries/dial-codes.json';
const dialFile = import.meta.glob<DialCodes>('/build/countries/dial-codes.json', { eager: true, import: 'default' })[DIAL_CODES_FILE];
if (!dialFile) throw new Error(`No ${DIAL_CODES_FILE}: run npm run forms:build`);
export const dialCodes: DialCodes = dialFile;

/** Every country of the list with its dial codes. */
export const countryDials: ReadonlyMap<string, string[]> = dialsByCountry(dialCodes);

export interface DialCodeOption {
  /** Unique per entry: country code and dial code, e.g. "DO-1809". */
  key: string;
  code: string;
  dial: string;
}

/** One entry per dial code of each country, so a country with several codes appears once for each. */
export const dialCodeOptions: readonly DialCodeOption[] = Object.entries(dialCodes).flatMap(([dial, codes]) =>
  codes.map((code) => ({ key: `${code}-${dial}`, code, dial })),
);

/** The entry a bare dial code stands for (a restored '+1...' or a form's defaultDialCode): its main country. */
export function dialCodeKey(dial: string | undefined): string {
  const code = dial === undefined ? undefined : mainCountry(dial, dialCodes);
  return code ? `${code}-${dial}` : '';
}
