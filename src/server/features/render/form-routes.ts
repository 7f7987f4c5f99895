// The form routes of routes.json (the one place a route is declared) with their forms, and the
// matching of an address to one: what the server must know of a page without rendering it (which
// query parameters it reads, which document it names).
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedForm } from '../../../engine/compiler/compiled.ts';
import type { RoutesTable } from '../../../engine/definition/routes.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { KIOSK_QUERY } from '../../../engine/waivers/kiosk.ts';

/** routes.json, beside src/ (the pages are built from the same file). */
const ROUTES_FILE = path.resolve(import.meta.dirname, '../../../../routes.json');

/** The shell reads ?lang= on every page (src/web/shell/pageLanguage.ts); a form page, ?kiosk= (engine/waivers/kiosk.ts). */
const SHELL_QUERY = ['lang', KIOSK_QUERY];

export interface Lookup {
  collection: string;
  match: string;
  compare: 'ignoreCase' | 'slug';
}

interface FieldSource {
  query?: string;
  routeParam?: string;
  lookup?: Lookup;
}

export interface FormRoute {
  segments: string[];
  form: ResolvedForm;
}

export function formRoutes(forms: readonly LoadedForm[], routesFile = ROUTES_FILE): FormRoute[] {
  const table = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as RoutesTable;
  const byId = new Map(forms.map((form) => [form.compiled.form.id, form.compiled.form]));
  return table.routes.flatMap((route) => {
    const form = route.page.kind === 'form' ? byId.get(String(route.page.form)) : undefined;
    return form ? [{ segments: route.path.split('/').filter(Boolean), form }] : [];
  });
}

/** Where each field's value comes from, as src/web/form/sourcedValues.ts reads it. */
export function fieldSources(form: ResolvedForm): FieldSource[] {
  return form.sections
    .flatMap((section) => section.fields)
    .flatMap((field) => {
      const source = (field.type === 'hidden' ? field.source : 'prefill' in field ? field.prefill : undefined) as FieldSource | undefined;
      return source ? [source] : [];
    });
}

/** The form route an address shows, with its route parameters (decoded), or null. */
export function matchFormRoute(routes: readonly FormRoute[], pathname: string): { route: FormRoute; params: Record<string, string> } | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      if (!segment.startsWith(':')) return segment === parts[index];
      try {
        params[segment.slice(1)] = decodeURIComponent(parts[index]);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { route, params };
  }
  return null;
}

/**
 * The address as far as its page is concerned: the path and the query parameters the page reads
 * (?lang=, and a form's query sources such as ?store=), in a fixed order. Any other parameter
 * (utm_source, a cache buster) names the same page.
 */
export function pageAddress(routes: readonly FormRoute[], url: string): string {
  const parsed = new URL(url, 'http://pages.internal');
  const matched = matchFormRoute(routes, parsed.pathname);
  const read = new Set([...SHELL_QUERY, ...(matched ? fieldSources(matched.route.form).flatMap((source) => (source.query ? [source.query] : [])) : [])]);
  const kept = new URLSearchParams();
  for (const name of [...read].sort()) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}
