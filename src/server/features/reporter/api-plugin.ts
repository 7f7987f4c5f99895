// The reporter's JSON API (any client with the pages' key; the reporter's page itself posts without
// JavaScript: page-plugin.ts). Every request proves the case by its code and secret in the body, never
// in an address (addresses reach logs and histories):
// - POST /api/reporter/open: the case as the reporter may see it (case-view.ts);
// - POST /api/reporter/messages: the reporter adds information or answers (text, files by their
//   upload's id with its claim in X-Upload-Claim); compliance is alerted (reference and link only).
// Rate-limited per address and per code; a wrong secret and an unknown code are the same 400.
import { createHeaders, credentialHeaders } from '../../core/http/route-schemas.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden } from '../../core/errors.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { ReporterAddition, ReporterCase, ReporterMessage, ReporterProof } from '../../../engine/contract/reporter.ts';
import { claimedUploadHashes, UPLOAD_CLAIM_HEADER } from '../uploads/index.ts';
import { reporterCollections } from './open-case.ts';
import { reporterCase, reporterMessages } from './case-view.ts';
import { addInformation, notRecognised, openOrRefuse } from './reporter-actions.ts';

type ProofRequest = FastifyRequest<{ Body: ReporterProof & { text?: string; files?: number[] }; Querystring: { locale?: string } }>;

const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 35 } } } as const;

export const reporterApiPlugin = ownPlugin('reporter-api', async (app: FastifyInstance, ctx: ServerContext) => {
  const collections = reporterCollections(ctx.registry);
  if (collections.length === 0) return;
  const langOf = (request: ProofRequest) => resolveLanguage(request.query.locale ?? request.headers['accept-language']?.split(',')[0]);

  app.post(
    '/api/reporter/open',
    { schema: { body: ReporterProof, querystring: localeQuery, headers: credentialHeaders, response: { 200: ReporterCase } } },
    async (request: ProofRequest) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      const lang = langOf(request);
      const opened = await openOrRefuse(ctx, request, collections, lang);
      return reporterCase(ctx.sealed, ctx.db, opened.collection, ctx.sealed.openRow(opened.row), lang);
    },
  );

  app.post(
    '/api/reporter/messages',
    { schema: { body: ReporterAddition, querystring: localeQuery, headers: createHeaders, response: { 201: ReporterMessage } } },
    async (request: ProofRequest, reply: FastifyReply) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      const lang = langOf(request);
      const opened = await openOrRefuse(ctx, request, collections, lang);
      const id = await addInformation(ctx, opened, request.body, claimedUploadHashes(request.headers[UPLOAD_CLAIM_HEADER]), lang);
      const message = (await reporterMessages(ctx.sealed, ctx.db, opened.row.id)).find((m) => m.id === id);
      if (!message) throw notRecognised(lang); // erased meanwhile
      return reply.code(201).send(message);
    },
  );
});
