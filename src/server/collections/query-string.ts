// Bracket query strings as Payload reads them with qs: `where[slug][equals]=x`, the
// brackets-first form `[where][slug][equals]=x` the product's pages send, arrays as
// `in[]=a&in[]=b` or `or[0][...]`. Written here because qs is not a dependency.
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

const MAX_DEPTH = 10;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function keySegments(key: string): string[] | null {
  const first = /^[^[]*/.exec(key)?.[0] ?? '';
  const rest = key.slice(first.length);
  const brackets = [...rest.matchAll(/\[([^[\]]*)\]/g)];
  // Anything that is not a clean run of [..] groups stays one literal key, like qs does.
  if (brackets.map((match) => match[0]).join('') !== rest) return [key];
  const segments = [first, ...brackets.map((match) => match[1])];
  if (segments[0] === '') segments.shift();
  if (segments.length === 0 || segments.length > MAX_DEPTH + 1 || segments.some((segment) => FORBIDDEN.has(segment))) return null;
  return segments;
}

function assign(target: QueryObject | QueryValue[], segments: string[], value: string) {
  const [head, ...rest] = segments;
  if (Array.isArray(target)) {
    if (rest.length === 0) target.push(value);
    else {
      const child: QueryObject = {};
      target.push(child);
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') target[head] = [existing, value];
    return;
  }
  let child = target[head];
  if (child === undefined || typeof child === 'string') {
    child = rest[0] === '' ? [] : {};
    target[head] = child;
  }
  assign(child, rest, value);
}

export function parseQueryString(search: string): QueryObject {
  const result: QueryObject = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const segments = keySegments(key);
    if (segments) assign(result, segments, value);
  }
  return result;
}

/** `or[0]`, `or[1]` arrive as an object with numeric keys; read them as a list in order. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((key) => (value as Record<string, unknown>)[key]);
  }
  return value === undefined ? [] : [value];
}
