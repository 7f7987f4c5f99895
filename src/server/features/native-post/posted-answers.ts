// The answers of a form posted by the browser itself (no JavaScript): name/value pairs, turned
// into the JSON the page's script would have sent, read through the form's compiled schema.
//
// The mapping, one for every control: a control's name is its RJSF id, "root_" then the answer's
// path joined by "_" ("root_email", "root_dependents_0_name"); the schema decides where a
// property name ends (the longest property that matches), so names holding "_" are no problem.
// A name may end in "__<part>": a date's "__day", "__month", "__year" (joined as the date widget
// joins them) and a phone's "__dial" (the dial code the number is joined to). Each option's value
// is the answer itself ("excellent", "7", "true"); a check box group repeats its name. Values are
// coerced to the schema's type (a number, a boolean); what cannot be is kept as typed, so the
// shared validation refuses it, naming the question. A name that is no answer of the form is
// ignored: only the schema's own property names are ever written (no "__proto__").
import { joinDateParts } from '../../../engine/checks/date-parts.ts';
import { toAsciiDigits } from '../../../engine/checks/digits.ts';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; const?: unknown; maxItems?: number };
type Answers = Record<string, unknown>;

/** The prefix of every control's id (RJSF's idPrefix on the guest's pages). */
const ID_PREFIX = 'root_';
/** More items than any repeated group allows is no answer (and no huge sparse array). */
const MAX_ITEMS = 100;
const PARTS = new Set(['day', 'month', 'year', 'dial']);

/** One answer's segments ("dependents", 0, "name") and its schema, from a control's id; null when the form has no such answer. */
export function answerAt(schema: Schema, id: string): { path: (string | number)[]; leaf: Schema } | null {
  if (!id.startsWith(ID_PREFIX)) return null;
  const path: (string | number)[] = [];
  let rest = id.slice(ID_PREFIX.length);
  let node = schema;
  while (rest) {
    if (node.properties) {
      const key = Object.keys(node.properties)
        .filter((name) => rest === name || rest.startsWith(`${name}_`))
        .sort((a, b) => b.length - a.length)[0];
      if (key === undefined) return null;
      path.push(key);
      node = node.properties[key];
      rest = rest.slice(key.length + 1);
    } else if (node.items) {
      const index = /^(\d{1,3})(?:_|$)/.exec(rest);
      if (!index || Number(index[1]) >= Math.min(node.maxItems ?? MAX_ITEMS, MAX_ITEMS)) return null;
      path.push(Number(index[1]));
      node = node.items;
      rest = rest.slice(index[0].length);
    } else return null;
  }
  return path.length ? { path, leaf: node } : null;
}

/**
 * The most name/value pairs the form's page posts: each answer's controls (a date's three parts,
 * a phone's two: three for every answer), a check box per option of a multiple choice, a repeated
 * group's controls at its most items. What a post may hold beyond that is a margin (read-post.ts).
 */
export function controlCount(schema: Schema): number {
  if (schema.properties) return Object.values(schema.properties).reduce((sum, child) => sum + controlCount(child), 0);
  if (schema.items) {
    const most = Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS);
    return schema.items.properties ? most * controlCount(schema.items) : (schema.items.enum?.length ?? most);
  }
  return 3;
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A posted text as the schema's type; kept as typed when it is not one (the validation names it). */
function coerce(schema: Schema, text: string): unknown {
  const listed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  const named = listed?.find((option) => String(option) === text);
  if (named !== undefined) return named;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const ascii = toAsciiDigits(text).trim();
      return ascii !== '' && Number.isFinite(Number(ascii)) ? Number(ascii) : text;
    }
    case 'boolean':
      // A check box without a value attribute sends "on".
      return text === 'on' || text === 'true' ? true : text === 'false' ? false : text;
    default:
      return text;
  }
}

/** A phone as the phone widget writes it: '+<dial><digits>', or the number as typed when it already names its country. */
function joinPhone(number: string, dial: string | undefined): string {
  const typed = toAsciiDigits(number).trim();
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+') || !dial) return typed.startsWith('+') ? `+${digits}` : digits;
  return `+${toAsciiDigits(dial).replace(/\D/g, '')}${digits}`;
}

function place(data: Answers, path: (string | number)[], value: unknown): void {
  let node: Answers | unknown[] = data;
  for (const [index, segment] of path.entries()) {
    const container = node as Record<string | number, unknown>;
    if (index === path.length - 1) {
      container[segment] = value;
      return;
    }
    container[segment] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = container[segment] as Answers | unknown[];
  }
}

/** Items of repeated groups as a list without holes (a group whose first items were left empty). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
  return value;
}

/**
 * The answers of posted pairs (in the order posted) and the upload ids of posted files (by control
 * id), as the JSON the page would send: empty texts are no answer, a box not ticked is absent.
 */
export function postedAnswers(schema: Schema, pairs: readonly [string, string][], uploads: ReadonlyMap<string, number[]> = new Map()): Answers {
  const byId = new Map<string, { values: string[]; parts: Map<string, string> }>();
  for (const [name, value] of pairs) {
    const split = name.lastIndexOf('__');
    const part = split > 0 ? name.slice(split + 2) : '';
    const id = PARTS.has(part) ? name.slice(0, split) : name;
    const entry = byId.get(id) ?? { values: [], parts: new Map<string, string>() };
    if (PARTS.has(part)) entry.parts.set(part, value);
    else entry.values.push(value);
    byId.set(id, entry);
  }
  const data: Answers = {};
  for (const [id, { values, parts }] of byId) {
    const answer = answerAt(schema, id);
    if (!answer || uploads.has(id)) continue;
    const { path, leaf } = answer;
    if (parts.has('day') || parts.has('month') || parts.has('year')) {
      const date = joinDateParts({ day: toAsciiDigits(parts.get('day') ?? ''), month: parts.get('month') ?? '', year: toAsciiDigits(parts.get('year') ?? '') });
      if (date !== undefined) place(data, path, date);
      continue;
    }
    const given = values.filter((value) => value !== '');
    if (given.length === 0) continue;
    if (parts.has('dial')) place(data, path, joinPhone(given[0], parts.get('dial')));
    else if (typeOf(leaf) === 'array')
      place(
        data,
        path,
        given.map((value) => coerce(leaf.items ?? {}, value)),
      );
    else place(data, path, coerce(leaf, given[0]));
  }
  for (const [id, ids] of uploads) {
    const answer = answerAt(schema, id);
    if (!answer || ids.length === 0) continue;
    place(data, answer.path, typeOf(answer.leaf) === 'array' ? ids : ids[0]);
  }
  return compact(data) as Answers;
}
