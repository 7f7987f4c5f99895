// GET /api/insights/cases?form=&from=&to=: the case measures (measures.ts) per venue and week over
// a range of Doha days (the twelve weeks up to today without one), of what the caller reads; staff
// only (403), ?form= narrows them to one form (its read check: a form the caller may not read, 403;
// an unknown or confidential one, 400 naming `form`). Each wrong parameter is a 400 naming it, in
// the caller's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { isStaff } from '../../core/access/roles.ts';
import { forbidden } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { CaseMeasuresAnswer } from '../../../engine/contract/case-measures.ts';
import { callerLanguage, insightQuerySchema, insightScope, readInsightRange, refuse, type InsightQuery } from '../insights/index.ts';
import { measureCases } from './measures.ts';

type MeasuresRequest = FastifyRequest<{ Querystring: InsightQuery & { form?: string } }>;

const querystring = { ...insightQuerySchema, properties: { ...insightQuerySchema.properties, form: { type: 'string', maxLength: 100 } } };

export const caseMeasuresPlugin = ownPlugin('case-measures', async (app: FastifyInstance, { db, registry }: ServerContext) => {
  app.get(
    '/api/insights/cases',
    { schema: { querystring, headers: credentialHeaders, response: { 200: CaseMeasuresAnswer } } },
    async (request: MeasuresRequest): Promise<CaseMeasuresAnswer> => {
      if (!isStaff(request.caller)) throw forbidden();
      const lang = callerLanguage(request);
      const form = request.query.form === undefined || request.query.form === '' ? undefined : request.query.form;
      if (form !== undefined) {
        // As the form's insights check it (features/insights insightForm), the parameter named `form`.
        const loaded = registry.forms.find((candidate) => candidate.compiled.id === form);
        const collection = loaded && registry.collections.get(loaded.compiled.collection);
        if (!loaded || !collection) throw refuse(lang, 'form', 'insightsUnknownForm', { form });
        insightScope(request.caller, collection);
        if (loaded.compiled.confidential) throw refuse(lang, 'form', 'insightsConfidential', { form });
      }
      const range = readInsightRange(request.query, lang);
      const measured = await measureCases(db, request.caller, registry, { range }, form);
      return { form: form ?? null, from: range.from, to: range.to, ...measured };
    },
  );
});
