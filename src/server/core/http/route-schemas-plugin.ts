// Every route has a JSON schema for its headers and query string, also the routes of plugins that
// state none themselves (login, pages): the bounds of core/http/route-schemas.ts, filled in as each route
// is added. A route's own schema parts win; its own headers are added to the credential bounds.
import type { RouteOptions } from 'fastify';
import { sharedPlugin } from '../context.ts';
import { credentialHeaders, payloadQuery } from './route-schemas.ts';

/** Pages take their own parameters (?store=, ?lang=): any, as long as they are parameters. */
const pageQuery = { type: 'object' } as const;

export const routeSchemasPlugin = sharedPlugin(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const api = route.url.startsWith('/api/');
    const own = route.schema?.headers as { properties?: Record<string, unknown> } | undefined;
    const headers = own ? { ...own, type: 'object', properties: { ...credentialHeaders.properties, ...own.properties } } : credentialHeaders;
    route.schema = { querystring: api ? payloadQuery : pageQuery, ...route.schema, headers };
  });
}, 'route-schemas');
