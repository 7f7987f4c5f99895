// Checks that run before the compiled validator, each linear in the size of the answers:
// - text the database cannot store (PostgreSQL refuses the null character and half of a UTF-16
//   surrogate pair in jsonb), anywhere in the answers, keys included;
// - lists longer than the contract's maxItems: refused on their length alone, so a list of
//   100,000 items is not validated item by item (ajv reports every error of every item).
// Both say the same as the page: maxItems is the contract's own rule and message.
import type { JsonSchema } from '../../../engine/compiler/compiled.ts';

export interface LimitIssue {
  path: string;
  keyword: 'unstorableText' | 'maxItems';
  limit?: number;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NULL_CHARACTER = String.fromCharCode(0);

export const isStorableText = (text: string) => !text.includes(NULL_CHARACTER) && !LONE_SURROGATE.test(text);

/** A name the answer can be reported under: what cannot be stored or shown becomes U+FFFD. */
export const printable = (text: string) => [...text].map((char) => (isStorableText(char) ? char : '\uFFFD')).join('');

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Paths of strings (or keys) the database cannot store, at most `max` of them. */
export function unstorableTexts(value: unknown, max: number, path = '', found: LimitIssue[] = []): LimitIssue[] {
  if (found.length >= max) return found;
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push({ path, keyword: 'unstorableText' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTexts(item, max, join(path, index), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (found.length >= max) break;
      if (!isStorableText(key)) found.push({ path: join(path, printable(key)), keyword: 'unstorableText' });
      else unstorableTexts(item, max, join(path, key), found);
    }
  }
  return found;
}

/** Lists longer than the schema's maxItems, following properties and items; at most `max`. */
export function oversizeLists(schema: JsonSchema | undefined, value: unknown, max: number, path = '', found: LimitIssue[] = []): LimitIssue[] {
  if (!schema || found.length >= max) return found;
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      found.push({ path, keyword: 'maxItems', limit: schema.maxItems });
      return found;
    }
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
    const items = schema.items && typeof schema.items === 'object' ? (schema.items as JsonSchema) : undefined;
    value.forEach((item, index) => oversizeLists(prefix[index] ?? items, item, max, join(path, index), found));
  } else if (value && typeof value === 'object' && schema.properties && typeof schema.properties === 'object') {
    for (const [key, child] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (Object.hasOwn(value, key)) oversizeLists(child, (value as Record<string, unknown>)[key], max, join(path, key), found);
    }
  }
  return found;
}
