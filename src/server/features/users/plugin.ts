// User management for admins (permission 'manage-users'), Payload-shaped: lists with docs and paging, {doc, message} after a change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can, type Permission } from '../../core/access/roles.ts';
import type { Caller } from '../../core/access/caller.ts';
import { createUser, listUsers, updateUser } from './user-admin.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { recordAudit } from '../audit/index.ts';
import { listPage, pageParams } from '../../core/http/list-page.ts';
import { listVenues } from './venues.ts';
import { VenuesAnswer } from '../../../engine/contract/venues.ts';
import { StaffPreferences, StaffPreferencesAnswer, UserChangeAnswer, UsersAnswer } from '../../../engine/contract/users.ts';
import { readPreferences, savePreferences } from './preferences.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';

type Query = Record<string, unknown>;

function allow(caller: Caller, permission: Permission): void {
  if (!can(caller, permission)) throw forbidden();
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('users', [{ path: 'body', message: 'Send a JSON object.' }]);
  return body as Record<string, unknown>;
}

function userId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

export const usersPlugin = ownPlugin('users', async (app: FastifyInstance, ctx: ServerContext) => {
  const knownVenues = async () => new Set((await listVenues(ctx.db, ctx.registry)).map((venue) => venue.slug));

  app.get('/api/users/venues', { schema: { response: { 200: VenuesAnswer } } }, async (request) => {
    allow(request.caller, 'manage-users');
    return { docs: await listVenues(ctx.db, ctx.registry) };
  });

  // The caller's own preferences (its profile): nobody changes another's, an admin neither.
  app.get('/api/users/me/preferences', { schema: { response: { 200: StaffPreferences } } }, async (request) => {
    if (request.caller.kind !== 'staff') throw forbidden();
    const preferences = await readPreferences(ctx.db, request.caller.user.id);
    if (!preferences) throw forbidden();
    return preferences;
  });

  app.patch('/api/users/me/preferences', { schema: { response: { 200: StaffPreferencesAnswer } } }, async (request) => {
    const caller = request.caller;
    if (caller.kind !== 'staff') throw forbidden();
    const lang = resolveLanguage(request.headers['accept-language']);
    const result = await savePreferences(ctx.db, caller.user.id, bodyObject(request), lang);
    if (!result) throw forbidden();
    if (result.changed.length)
      await recordAudit(ctx.db, caller, {
        action: 'save-preferences',
        target: 'users',
        documentId: caller.user.id,
        detail: { changed: result.changed, ...result.doc },
      });
    return { doc: result.doc, message: 'Updated successfully.' };
  });

  app.get('/api/users', { schema: { response: { 200: UsersAnswer } } }, async (request: FastifyRequest<{ Querystring: Query }>) => {
    allow(request.caller, 'manage-users');
    const paging = pageParams(request.query);
    const { docs, totalDocs } = await listUsers(ctx.db, paging.page, paging.limit);
    return listPage(docs, totalDocs, paging);
  });

  app.post('/api/users', { schema: { response: { 201: UserChangeAnswer } } }, async (request, reply) => {
    allow(request.caller, 'manage-users');
    const user = await createUser(ctx.db, bodyObject(request), await knownVenues(), resolveLanguage(request.headers['accept-language']));
    await recordAudit(ctx.db, request.caller, { action: 'save-user', target: 'users', documentId: user.id, detail: { created: true } });
    await recordAudit(ctx.db, request.caller, {
      action: 'change-roles',
      target: 'users',
      documentId: user.id,
      detail: { granted: user.roles, removed: [], venuesAdded: user.venues, venuesRemoved: [] },
    });
    return reply.code(201).send({ doc: user, message: 'User successfully created.' });
  });

  app.patch('/api/users/:id', { schema: { response: { 200: UserChangeAnswer } } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    allow(request.caller, 'manage-users');
    const result = await updateUser(ctx.db, userId(request.params.id), bodyObject(request), await knownVenues());
    if (!result) throw notFound();
    if (result.changed.length) {
      await recordAudit(ctx.db, request.caller, {
        action: 'save-user',
        target: 'users',
        documentId: result.user.id,
        detail: { changed: result.changed, disabled: result.user.disabled },
      });
    }
    // Who gave or took which role (or venue) and when: the audit row's user and time.
    if (result.roles) await recordAudit(ctx.db, request.caller, { action: 'change-roles', target: 'users', documentId: result.user.id, detail: result.roles });
    return { doc: result.user, message: 'Updated successfully.' };
  });
});
