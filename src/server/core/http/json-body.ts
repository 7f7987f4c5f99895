// JSON request bodies read with limits BEFORE anything walks them: strict UTF-8, a bounded nesting
// depth (a deeply nested body would otherwise overflow the stack of whatever recurses over it
// later: validation, cloning, storing) and no key given twice (JSON.parse keeps the last one, so
// two readers of the same body could disagree on what was sent). One linear pass over the text.
// The parse itself is Fastify's (secure-json-parse, core/http/errors-plugin.ts), which refuses prototype
// poisoning; poisonedPaths names the keys it refused.

/** Deep enough for every answer a form holds (a signature's points are 5 levels down). */
export const MAX_JSON_DEPTH = 20;

export type JsonBodyProblem = { kind: 'depth'; path: string } | { kind: 'duplicate'; path: string };

interface Frame {
  /** Keys seen so far; null for an array. */
  keys: Set<string> | null;
  /** The current key (object) or index (array), for naming a duplicate's path. */
  at: string | number;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body as text, or null when its bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Buffer): string | null {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** What is wrong with the shape of a JSON text, or null. Malformed JSON is left to JSON.parse to report. */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonBodyProblem | null {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      const top = stack[stack.length - 1];
      if (!top?.keys || !expectKey) continue;
      let key: string;
      try {
        key = JSON.parse(text.slice(start, i + 1)) as string;
      } catch {
        return null;
      }
      if (top.keys.has(key)) return { kind: 'duplicate', path: [...stack.slice(0, -1).map((frame) => frame.at), key].join('.') };
      top.keys.add(key);
      top.at = key;
      expectKey = false;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (stack.length >= maxDepth) return { kind: 'depth', path: stack.map((frame) => frame.at).join('.') };
      stack.push({ keys: char === 0x7b ? new Set() : null, at: char === 0x7b ? '' : 0 });
      expectKey = char === 0x7b;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (char === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      expectKey = Boolean(top?.keys);
      if (top && !top.keys) top.at = Number(top.at) + 1;
    }
  }
  return null;
}

/**
 * The dot paths of the keys secure-json-parse refuses ("__proto__", and "constructor" holding a
 * "prototype"), read from a plain parse of a body it refused. Only walked, never merged anywhere.
 */
export function poisonedPaths(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const paths: string[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object') return;
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      const here = [...at, key];
      if (key === '__proto__' || (key === 'constructor' && child && typeof child === 'object' && Object.hasOwn(child, 'prototype'))) paths.push(here.join('.'));
      else walk(child, here);
    }
  };
  walk(value, []);
  return paths;
}
