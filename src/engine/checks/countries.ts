// Countries with dial codes and names in each language (data in forms/countries.json): the server's
// and the scripts' list. The pages never import it: they get the dial codes and, when needed, one
// language's names from the files forms:build derives from it (country-codes.ts).
import data from '../../../forms/countries.json' with { type: 'json' };
import type { LocalizedText } from '../definition/definition.ts';

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: LocalizedText;
  /** Dial codes without '+'; a few countries have several. */
  dial: string[];
}

export const countries: readonly Country[] = data.countries;
