// GET /api/forms/{form}/availability[?venue=slug]: whether the form takes answers now, for its page
// (the panel instead of the form). Read with the public key, as the page reads the form's lists;
// it says nothing but open, not yet (and when), closed or full.
import { hasAvailabilityRules } from '../../../engine/quotas/availability.ts';
import type { FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { FormAvailability } from '../../../engine/contract/availability.ts';
import { availabilityOf } from './quotas.ts';

const params = { type: 'object', properties: { form: { type: 'string', maxLength: 100 } }, required: ['form'] } as const;
const query = { type: 'object', properties: { venue: { type: 'string', maxLength: 100 } } } as const;

type Request = FastifyRequest<{ Params: { form: string }; Querystring: { venue?: string } }>;

export const quotasPlugin = ownPlugin('quotas', async (app, ctx: ServerContext) => {
  const forms = new Map(ctx.registry.forms.map((form) => [form.compiled.id, form.compiled]));
  app.get(
    '/api/forms/:form/availability',
    { schema: { params, querystring: query, headers: credentialHeaders, response: { 200: FormAvailability } } },
    async (request: Request, reply) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      const compiled = forms.get(request.params.form);
      if (!compiled) throw notFound();
      return reply
        .header('cache-control', 'no-store')
        .send({ ...(await availabilityOf(ctx.db, compiled, request.query.venue || null)), ...(hasAvailabilityRules(compiled.form) ? { limited: true } : {}) });
    },
  );
});
