// The guest's side of a case, for their page (/case/<token>, the next step) and any client with the
// pages' key: GET /api/case/{token} (their own thread: staff by first name only, never internal
// notes) and POST /api/case/{token}/messages (their answer, stored in the thread, in their language).
// The signed token is the proof (case-link.ts): altered, expired or of a form that takes no reply,
// it is a 404 like any unknown address. Answers are rate-limited per address like creates.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { t } from '../../../engine/text/messages.ts';
import { CASE_ANSWER_MAX_LENGTH, GuestCase } from '../../../engine/contract/cases.ts';
import { guestLanguage, venueName } from './case-guest.ts';
import { readCaseToken } from './case-link.ts';

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 120 } }, required: ['token'] } as const;

type GuestMessageRow = { id: number; direction: 'to-guest' | 'from-guest'; text: string; created_at: Date; author_name: string | null };

export const caseGuestPlugin = ownPlugin('case-guest', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;

  /** The case a token opens: its submission, of a form that takes replies. */
  async function caseOf(request: TokenRequest): Promise<{ collection: Collection; row: DocumentRow }> {
    if (request.caller.kind === 'anonymous') throw forbidden();
    const documentId = readCaseToken(ctx.jwtSecret, request.params.token);
    const { rows } = documentId === null ? { rows: [] } : await db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [documentId]);
    const collection = rows[0] && registry.collections.get(rows[0].collection);
    const compiled = collection?.form?.compiled;
    if (!rows[0] || !collection || !compiled?.form.contact || compiled.confidential) throw notFound();
    return { collection, row: rows[0] };
  }

  app.get('/api/case/:token', { schema: { params: tokenParams, response: { 200: GuestCase } } }, async (request: TokenRequest) => {
    const { collection, row } = await caseOf(request);
    const compiled = collection.form!.compiled;
    const lang = await guestLanguage(db, compiled, row);
    const { rows } = await db.query<GuestMessageRow>(
      `SELECT m.id, m.direction, m.text, m.created_at, u.name AS author_name FROM case_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.document_id = $1 ORDER BY m.id`,
      [row.id],
    );
    return {
      lang,
      reference: row.reference ?? String(row.id),
      venue: await venueName(db, compiled, row, lang),
      docs: rows.map((message) => ({
        id: message.id,
        direction: message.direction,
        text: message.text,
        // A first name only, and only a name the account has: never an address.
        author: message.direction === 'to-guest' ? message.author_name?.trim().split(/\s+/)[0] || null : null,
        createdAt: message.created_at.toISOString(),
      })),
    };
  });

  app.post('/api/case/:token/messages', { schema: { params: tokenParams } }, async (request: TokenRequest, reply: FastifyReply) => {
    await ctx.limits.create(request, 'case-answers');
    const { collection, row } = await caseOf(request);
    const lang = await guestLanguage(db, collection.form!.compiled, row);
    const given = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>).text : undefined;
    const text = typeof given === 'string' ? given.trim() : '';
    if (text === '') throw validationError(null, [{ path: 'text', message: t('caseAnswerEmpty', lang) }]);
    if (text.length > CASE_ANSWER_MAX_LENGTH)
      throw validationError(null, [{ path: 'text', message: t('caseAnswerTooLong', lang, { max: CASE_ANSWER_MAX_LENGTH }) }]);
    const { rows } = await db.query<{ id: number; created_at: Date }>(
      `INSERT INTO case_messages (document_id, direction, text, lang) SELECT id, 'from-guest', $2, $3 FROM documents WHERE id = $1 RETURNING id, created_at`,
      [row.id, text, lang],
    );
    if (!rows[0]) throw notFound(); // erased meanwhile
    return reply.code(201).send({ id: rows[0].id, direction: 'from-guest', text, author: null, createdAt: rows[0].created_at.toISOString() });
  });
});
