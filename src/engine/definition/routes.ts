// Page settings and route sets from routes.json (pure; shared by the page, the build and tests).
// Matching a path to a route is react-router's job (src/web/shell/routeObjects.tsx).
import type { PageSettingsRule, RoutesTable, RouteEntry } from '../contract/routes.ts';

export type { PageKindName, PageOf, PageRef, PageSettingsRule, RouteEntry, RoutesTable, ThemeId } from '../contract/routes.ts';
export type RouteSet = 'public' | 'private' | 'default';

/** The settings of a page: its rule (with the rule's prefix), or the defaults. */
export type PageSettings = Omit<PageSettingsRule, 'prefix'> & { prefix?: string };

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether `prefix` is the path or a whole-segment start of it: /employee covers /employee/x, not /employee-benefits. */
export function prefixCovers(prefix: string, pathname: string): boolean {
  const wanted = segments(prefix);
  const parts = segments(pathname);
  return wanted.length <= parts.length && wanted.every((segment, i) => segment === parts[i]);
}

/** The first rule whose prefix covers the path wins (list order); otherwise the default theme with no header title. */
export function pageSettingsFor(pathname: string, table: Pick<RoutesTable, 'defaults' | 'settings'>): PageSettings {
  return table.settings.find((r) => prefixCovers(r.prefix, pathname)) ?? { theme: table.defaults.theme };
}

export function isRouteInSet(route: RouteEntry, built: RouteSet): boolean {
  return built === 'default' || route.set === 'both' || route.set === built;
}

/**
 * The table a build of one route set contains: its routes, and only the settings some of them
 * use, so a public build carries neither the paths nor the header titles of private pages.
 */
export function routeSetTable(table: RoutesTable, built: RouteSet): RoutesTable {
  const routes = table.routes.filter((route) => isRouteInSet(route, built));
  const used = new Set(routes.map((route) => table.settings.find((rule) => prefixCovers(rule.prefix, route.path))));
  return { defaults: table.defaults, settings: table.settings.filter((rule) => used.has(rule)), routes };
}

/** The form ids the routes of a table show. */
export function formsOf(table: Pick<RoutesTable, 'routes'>): string[] {
  return [...new Set(table.routes.flatMap((route) => (route.page.kind === 'form' && typeof route.page.form === 'string' ? [route.page.form] : [])))];
}
