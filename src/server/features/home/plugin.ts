// GET /api/console/home: what needs the caller's attention (the console home, /staff); GET
// /api/console/nav: the navigation's forms and counts on every staff page. Staff only (403 otherwise), each
// number of what the caller may read (attention.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { isStaff } from '../../core/access/roles.ts';
import { forbidden } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { ConsoleHome, ConsoleNav, ConsoleHomeQuery, HOME_LOWEST_DEFAULT } from '../../../engine/contract/console-home.ts';
import { consoleHome, consoleNav } from './attention.ts';

export const homePlugin = ownPlugin('home', async (app: FastifyInstance, { db, registry }: ServerContext) => {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const staff = (request: FastifyRequest) => {
    if (!isStaff(request.caller)) throw forbidden();
  };

  typed.get('/api/console/home', { schema: { querystring: ConsoleHomeQuery, headers: credentialHeaders, response: { 200: ConsoleHome } } }, async (request) => {
    staff(request);
    return consoleHome(db, request.caller, registry, request.query.lowest ?? HOME_LOWEST_DEFAULT);
  });

  typed.get('/api/console/nav', { schema: { headers: credentialHeaders, response: { 200: ConsoleNav } } }, async (request) => {
    staff(request);
    return consoleNav(db, request.caller, registry);
  });
});
