// Which content document's scripts an address runs: a form route with a route parameter whose form
// fills a question by looking that parameter up (/survey/fnb/:restaurantName -> the restaurant, as
// src/web/form/sourcedValues.ts finds it). Only that page's policy lists the document's scripts:
// a restaurant's inline script never gets the rights of the console or of another page.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { slugify } from '../../../engine/format.ts';
import type { RoutesTable } from '../../../engine/routes.ts';
import type { Db } from '../../core/db/db.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';

/** The one routes.json, beside src/ (forms and pages read the same file). */
const ROUTES_FILE = path.resolve(import.meta.dirname, '../../../../routes.json');

interface Lookup {
  collection: string;
  match: string;
  compare: 'ignoreCase' | 'slug';
}

interface DocumentRoute {
  segments: string[];
  param: string;
  lookup: Lookup;
}

interface ContentScript {
  type?: string;
  content?: string;
  src?: string;
}

export function documentRoutes(forms: readonly LoadedForm[], routesFile = ROUTES_FILE): DocumentRoute[] {
  const table = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as RoutesTable;
  const byId = new Map(forms.map((form) => [form.compiled.form.id, form.compiled.form]));
  return table.routes.flatMap((route) => {
    const form = route.page.kind === 'form' ? byId.get(String(route.page.form)) : undefined;
    const fields = form?.sections.flatMap((section) => section.fields) ?? [];
    return fields.flatMap((field) => {
      const source = (field.type === 'hidden' ? field.source : 'prefill' in field ? field.prefill : undefined) as { routeParam?: string; lookup?: Lookup } | undefined;
      if (!source?.routeParam || !source.lookup || !route.path.includes(`:${source.routeParam}`)) return [];
      return [{ segments: route.path.split('/').filter(Boolean), param: source.routeParam, lookup: source.lookup }];
    });
  });
}

/** The collection and key of the document the address names, or null for a page that names none. */
function namedDocument(routes: readonly DocumentRoute[], pathname: string): { lookup: Lookup; wanted: string } | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    let value: string | undefined;
    const matches = route.segments.every((segment, index) => {
      if (segment === `:${route.param}`) return (value = safeDecode(parts[index])) !== undefined;
      return segment.startsWith(':') || segment === parts[index];
    });
    if (matches && value) return { lookup: route.lookup, wanted: route.lookup.compare === 'slug' ? slugify(value) : value.trim().toLowerCase() };
  }
  return null;
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
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
export async function pageScriptSources(db: Db, routes: readonly DocumentRoute[], pathname: string): Promise<string[]> {
  const named = namedDocument(routes, pathname);
  if (!named) return [];
  const { rows } = await db.query<{ scripts: ContentScript[] }>(
    `SELECT data->'scripts' AS scripts FROM documents WHERE collection = $1 AND lower(data->>$2) = $3 AND jsonb_typeof(data->'scripts') = 'array' LIMIT 1`,
    [named.lookup.collection, named.lookup.match, named.wanted],
  );
  return scriptSources(rows[0]?.scripts ?? []);
}
