// Which content document's scripts an address runs: a form route with a route parameter whose form
// fills a question by looking that parameter up (/survey/fnb/:restaurantName -> the restaurant, as
// src/web/form/sourcedValues.ts finds it). Only that page's policy lists the document's scripts:
// a restaurant's inline script never gets the rights of the console or of another page.
import { createHash } from 'node:crypto';
import { slugify } from '../../../engine/format.ts';
import type { Db } from '../../core/db/db.ts';
import { isStorableText } from '../../core/forms/answer-limits.ts';
import { fieldSources, matchFormRoute, type FormRoute, type Lookup } from './form-routes.ts';

interface ContentScript {
  type?: string;
  content?: string;
  src?: string;
}

/** The collection and key of the document the address names, or null for a page that names none. */
function namedDocument(routes: readonly FormRoute[], pathname: string): { lookup: Lookup; wanted: string } | null {
  const matched = matchFormRoute(routes, pathname);
  if (!matched) return null;
  for (const source of fieldSources(matched.route.form)) {
    const value = source.routeParam ? matched.params[source.routeParam] : undefined;
    // A value no document can hold (a null character: the Not Found page of core/http/unstorable-input.ts) names none.
    if (value && isStorableText(value) && source.lookup) return { lookup: source.lookup, wanted: source.lookup.compare === 'slug' ? slugify(value) : value.trim().toLowerCase() };
  }
  return null;
}

/** CSP sources of scripts: inline ones by their sha256, external ones by their https origin. */
export function scriptSources(scripts: readonly ContentScript[]): string[] {
  const sources = new Set<string>();
  for (const script of scripts) {
    if (script.type === 'inline' && typeof script.content === 'string') {
      sources.add(`'sha256-${createHash('sha256').update(script.content).digest('base64')}'`);
    } else if (typeof script.src === 'string' && /^https:\/\//.test(script.src)) {
      sources.add(new URL(script.src).origin);
    }
  }
  return [...sources].sort();
}

/** The script sources of the document the address names (none for any other page). */
export async function pageScriptSources(db: Db, routes: readonly FormRoute[], pathname: string): Promise<string[]> {
  const named = namedDocument(routes, pathname);
  if (!named) return [];
  const { rows } = await db.query<{ scripts: ContentScript[] }>(
    `SELECT data->'scripts' AS scripts FROM documents WHERE collection = $1 AND lower(data->>$2) = $3 AND jsonb_typeof(data->'scripts') = 'array' LIMIT 1`,
    [named.lookup.collection, named.lookup.match, named.wanted],
  );
  return scriptSources(rows[0]?.scripts ?? []);
}
