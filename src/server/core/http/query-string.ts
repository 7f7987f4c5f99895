// Query strings as Payload reads them: with qs (Payload uses qs-esm, the same parser), depth 10,
// arrays up to 1000 items: `where[slug][equals]=x`, `where[or][0][a][equals]=1`, `in[]=a&in[]=b`,
// and the brackets-first form `[where][slug][equals]=x` the product's pages send. qs never creates
// __proto__ / constructor keys. Fastify uses this as its querystring parser (app.ts).
import qs from 'qs';

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

const OPTIONS: qs.IParseOptions = { depth: 10, arrayLimit: 1000, parameterLimit: 1000, ignoreQueryPrefix: true, allowPrototypes: false, allowDots: false };

export function parseQueryString(search: string): QueryObject {
  return qs.parse(search, OPTIONS) as QueryObject;
}

/** `or[0]`, `or[1]` past qs's arrayLimit arrive as an object with numeric keys; read them as a list in order. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => (value as Record<string, unknown>)[key]);
  }
  return value === undefined ? [] : [value];
}
