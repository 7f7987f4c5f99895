// Page settings and route matching from routes.json (pure; shared by the page and tests).
export type ThemeId = 'destination' | 'destination-new' | 'quest' | 'store';
export type RouteSet = 'public' | 'private' | 'default';

export interface PageSettingsRule {
  prefix: string;
  header?: string;
  theme: ThemeId;
  hideHeader?: boolean;
  font?: string;
  width?: 'narrow' | 'large';
  description?: string;
}
export type PageSettings = Omit<PageSettingsRule, 'prefix'>;

export type PageRef =
  | { kind: 'form'; form: string }
  | { kind: 'not-found' }
  | { kind: string; [key: string]: unknown };

export interface RouteEntry {
  path: string;
  set: 'public' | 'private' | 'both';
  page: PageRef;
}

export interface RoutesTable {
  defaults: { theme: ThemeId };
  settings: PageSettingsRule[];
  routes: RouteEntry[];
}

/** The first rule whose prefix starts the path wins; otherwise the default theme with no header title. */
export function pageSettingsFor(pathname: string, table: RoutesTable): PageSettings {
  const rule = table.settings.find((r) => pathname === r.prefix || pathname.startsWith(r.prefix));
  if (!rule) return { theme: table.defaults.theme };
  const { prefix: _prefix, ...settings } = rule;
  return settings;
}

export function isRouteInSet(route: RouteEntry, built: RouteSet): boolean {
  return built === 'default' || route.set === 'both' || route.set === built;
}

/** Matches '/survey/fnb/:restaurantName' style paths; a route outside the built set does not match. */
export function matchRoute(pathname: string, table: RoutesTable, built: RouteSet): { route: RouteEntry; params: Record<string, string> } | null {
  const parts = trimSlashes(pathname).split('/');
  for (const route of table.routes) {
    if (!isRouteInSet(route, built)) continue;
    const pattern = trimSlashes(route.path).split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      if (seg.startsWith(':')) {
        if (!parts[i]) return false;
        params[seg.slice(1)] = safeDecode(parts[i]);
        return true;
      }
      return seg === parts[i];
    });
    if (ok) return { route, params };
  }
  return null;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
