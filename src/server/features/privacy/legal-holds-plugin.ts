// Legal holds on single submissions (admins): PUT /api/privacy/holds/{id} {reason} places one (a
// claim or an investigation needs the record), DELETE lifts it. A held submission is kept by the
// retention job and by erasure until the hold is lifted, whatever its form's retention. Each
// placing and lifting is audited with its reason; the submission's answers are not read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { HOLD_REASON_MAX, LegalHoldAnswer } from '../../../engine/contract/privacy.ts';
import { recordAudit } from '../audit/index.ts';
import { admitPrivacyRequest, requestLanguage } from './admit.ts';
import { formsReadBy } from './find-person.ts';
import { refuse } from './person.ts';

type HoldRequest = FastifyRequest<{ Params: { id: string }; Body: { reason?: string } | undefined; Querystring: { locale?: string } }>;

const params = { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } }, required: ['id'] } as const;
const querystring = { type: 'object', properties: { locale: { type: 'string', maxLength: 10 } } } as const;
const body = { type: 'object', properties: { reason: { type: 'string', maxLength: 5000 } }, additionalProperties: false } as const;

export const legalHoldsPlugin = ownPlugin('privacy-legal-holds', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;

  /** The submission's collection, or a 404 (an upload or content document is no submission; one of a form the caller does not read is not theirs to hold). */
  async function submission(request: FastifyRequest, id: number): Promise<string> {
    const readable = formsReadBy(request.caller, registry).map((form) => form.compiled.collection);
    const { rows } = await db.query<{ collection: string }>('SELECT collection FROM documents WHERE id = $1 AND collection = ANY($2::text[])', [id, readable]);
    if (!rows[0]) throw notFound();
    return rows[0].collection;
  }

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.put(
    '/api/privacy/holds/:id',
    { schema: { params, querystring, body, headers: credentialHeaders, response: { 200: LegalHoldAnswer } } },
    async (request: HoldRequest) => {
      await admitPrivacyRequest(ctx, request);
      const reason = (request.body?.reason ?? '').trim();
      if (!reason) throw refuse(requestLanguage(request), 'reason', 'privacyHoldReasonRequired');
      if (reason.length > HOLD_REASON_MAX) throw refuse(requestLanguage(request), 'reason', 'privacyReasonTooLong');
      const id = Number(request.params.id);
      const collection = await submission(request, id);
      const user = request.caller.kind === 'staff' ? request.caller.user.id : null;
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO legal_holds (document_id, reason, placed_by) VALUES ($1, $2, $3)
         ON CONFLICT (document_id) DO UPDATE SET reason = EXCLUDED.reason, placed_by = EXCLUDED.placed_by, placed_at = now()`,
          [id, reason, user],
        );
        await recordAudit(tx, request.caller, { action: 'privacy-hold', target: collection, documentId: id, detail: { reason } });
      });
      return { id, holdPlaced: true };
    },
  );

  typed.delete(
    '/api/privacy/holds/:id',
    { schema: { params, querystring, headers: credentialHeaders, response: { 200: LegalHoldAnswer } } },
    async (request: HoldRequest) => {
      await admitPrivacyRequest(ctx, request);
      const id = Number(request.params.id);
      const collection = await submission(request, id);
      await db.transaction(async (tx) => {
        const lifted = await tx.query('DELETE FROM legal_holds WHERE document_id = $1 RETURNING document_id', [id]);
        if (lifted.rows.length) await recordAudit(tx, request.caller, { action: 'privacy-release', target: collection, documentId: id });
      });
      return { id, holdPlaced: false };
    },
  );
});
