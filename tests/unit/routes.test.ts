// The page's route table comes from routes.json: react-router matches it, page settings follow
// whole path segments, and a build of one route set holds only that set's routes and settings.
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formsOf, pageSettingsFor, prefixCovers, routeSetTable, type RoutesTable } from '../../src/engine/definition/routes.ts';
import { PAGE_KINDS, routeObjects } from '../../src/web/shell/routeObjects.tsx';
import routes from '../../routes.json' with { type: 'json' };

const table = routes as unknown as RoutesTable;
const pageRoutes = (objects: RouteObject[]) => objects[0].children![0].children!;
const matched = (path: string, objects = routeObjects(table)) => matchRoutes(objects, path)?.at(-1);

describe('the router built from routes.json', () => {
  it('has one lazily loaded page per route, each with a loader, and a catch-all', () => {
    const pages = pageRoutes(routeObjects(table));
    expect(pages.map((route) => route.path)).toEqual([...table.routes.map((route) => route.path), '*']);
    for (const route of pages) {
      expect(typeof route.loader, route.path).toBe('function');
      expect(typeof (route.lazy as { Component?: unknown }).Component, route.path).toBe('function');
    }
  });

  it('shows the Not Found page for errors inside the shell and for the shell itself', () => {
    const [root] = routeObjects(table);
    expect(root.ErrorBoundary).toBeDefined();
    expect(root.children![0].ErrorBoundary).toBe(root.ErrorBoundary);
  });

  it('reads route parameters and ignores a trailing slash', () => {
    expect(matched('/survey/fnb/Crazy%20Pizza')?.params).toEqual({ restaurantName: 'Crazy Pizza' });
    expect(matched('/survey/fnb/')?.route.path).toBe('/survey/fnb');
  });

  it('sends unknown and too deep paths to the catch-all', () => {
    expect(matched('/nope')?.route.path).toBe('*');
    expect(matched('/survey/fnb/too/deep')?.route.path).toBe('*');
  });

  it('every page kind of routes.json has a page module', () => {
    for (const route of table.routes) expect(PAGE_KINDS[route.page.kind], route.path).toBeDefined();
  });

  it('refuses a route whose page kind does not exist (a table forms:check would refuse, read anyway)', () => {
    const unchecked = JSON.parse(JSON.stringify({ ...table, routes: [{ path: '/x', set: 'both', page: { kind: 'carousel' } }] })) as typeof table;
    expect(() => routeObjects(unchecked)).toThrow(/unknown page kind "carousel"/);
  });
});

describe('route sets', () => {
  it('a private build has no public route, so the loyalty registration falls to Not Found', () => {
    const objects = routeObjects(routeSetTable(table, 'private'));
    expect(matched('/printemps/loyalty-registration', objects)?.route.path).toBe('*');
    expect(matched('/survey/retail', objects)?.route.path).toBe('/survey/retail');
    expect(matched('/error', objects)?.route.path).toBe('/error');
  });

  it('a public build has neither the routes, the forms nor the header titles of private pages', () => {
    const publicTable = routeSetTable(table, 'public');
    expect(publicTable.routes.map((r) => r.path)).not.toContain('/employee');
    expect(formsOf(publicTable)).not.toContain('employee-survey');
    expect(formsOf(publicTable)).not.toContain('retail-survey');
    expect(formsOf(publicTable)).toContain('loyalty-registration');
    expect(publicTable.settings.map((s) => s.header?.en)).not.toContain('Employee Satisfaction Survey');
    expect(publicTable.settings.map((s) => s.header?.en)).not.toContain('Survey Retail');
    // A public page keeps its own settings.
    expect(pageSettingsFor('/employee/whistle-blower', publicTable).header?.en).toBe('Whistle Blower');
  });

  it('the default build has every route', () => {
    expect(routeSetTable(table, 'default').routes).toHaveLength(table.routes.length);
  });
});

describe('page settings match whole path segments', () => {
  const ordered: RoutesTable = {
    defaults: { theme: 'destination' },
    settings: [
      { prefix: '/employee', header: { en: 'Employee Satisfaction Survey' }, theme: 'destination-new' },
      { prefix: '/employee-benefits', header: { en: 'Employee Benefits' }, theme: 'destination-new', width: 'large' },
    ],
    routes: [],
  };

  it('/employee does not cover /employee-benefits, whatever the order', () => {
    expect(pageSettingsFor('/employee-benefits', ordered).header?.en).toBe('Employee Benefits');
    expect(pageSettingsFor('/employee', ordered).header?.en).toBe('Employee Satisfaction Survey');
    expect(pageSettingsFor('/employee/', ordered).header?.en).toBe('Employee Satisfaction Survey');
    expect(pageSettingsFor('/employee/anything', ordered).header?.en).toBe('Employee Satisfaction Survey');
  });

  it('compares segments, not characters', () => {
    expect(prefixCovers('/survey/fnb', '/survey/fnb/cova')).toBe(true);
    expect(prefixCovers('/survey/fnb', '/survey/fnbx')).toBe(false);
    expect(prefixCovers('/docs', '/')).toBe(false);
  });
});
