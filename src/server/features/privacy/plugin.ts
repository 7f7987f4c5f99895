// Data-subject requests, for admins only (permission 'privacy-requests'; 401 signed out, 403 for
// any other role): find what is held about a person by email or phone across every form the caller
// reads (a whistle-blower report needs compliance too: find-person.ts), export it
// (JSON, or a readable HTML page in the caller's language), erase it with a reason. Erasure is a
// hard delete of the submissions with their files, notes and alerts; waivers under legal hold are
// reported back and kept; the parties they organised keep their group and its signers' waivers,
// the organiser's name, phone and email emptied (their roster link then leads nowhere). Every call is audited with a keyed hash of the person, never the email or
// phone, and never an answer; an erasure also redacts the audit entries that name the person. Rate-limited per address like the creates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { ERASE_REASON_MAX, PrivacyEraseAnswer, PrivacyExport, PrivacySearchAnswer } from '../../../engine/contract/privacy.ts';
import { recordAudit, redactAudit, redactText } from '../audit/index.ts';
import { deleteSubmissions } from '../retention/index.ts';
import { admitPrivacyRequest, requestLanguage } from './admit.ts';
import { withUploads } from '../../core/forms/answer-reader.ts';
import { exportHtml } from './export-html.ts';
import { exportPerson, toMatch, toPartyMatch } from './export-person.ts';
import { findOrganised, findPerson } from './find-person.ts';
import { eraseOrganiser } from '../parties/index.ts';
import { personHash, readPerson, refuse } from './person.ts';

type PersonQuery = { email?: string; phone?: string; format?: string; locale?: string };

type EraseBody = { email?: unknown; phone?: unknown; reason?: unknown; confirm?: unknown };

const personQuery = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 300 },
    phone: { type: 'string', maxLength: 40 },
    format: { type: 'string', maxLength: 10 },
    locale: { type: 'string', maxLength: 10 },
  },
} as const;

/** Types and sizes only (a 400 naming the field before anything runs); what is missing or wrong is said by the handler, in the caller's language. */
const eraseBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 300 },
    phone: { type: 'string', maxLength: 40 },
    reason: { type: 'string', maxLength: 5000 },
    confirm: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const privacyPlugin = ownPlugin('privacy', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  const lang = requestLanguage;
  const admit = (request: FastifyRequest) => admitPrivacyRequest(ctx, request);

  const audit = (
    request: FastifyRequest,
    action: 'privacy-search' | 'privacy-export',
    person: ReturnType<typeof readPerson>,
    detail: Record<string, unknown>,
  ) => recordAudit(db, request.caller, { action, target: 'privacy', detail: { by: person.by, person: personHash(person, ctx.jwtSecret), ...detail } });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The readable copy names each uploaded file (the JSON keeps the ids, as stored). */
  const withUploadNames = async (data: PrivacyExport): Promise<PrivacyExport> => ({
    ...data,
    submissions: await Promise.all(
      data.submissions.map(async (submission) => {
        const form = registry.forms.find((candidate) => candidate.compiled.id === submission.form);
        return form ? { ...submission, answers: (await withUploads(db, form.compiled, [{ id: submission.id, data: submission.answers }]))[0] } : submission;
      }),
    ),
  });

  typed.get(
    '/api/privacy/search',
    { schema: { querystring: personQuery, headers: credentialHeaders, response: { 200: PrivacySearchAnswer } } },
    async (request: FastifyRequest<{ Querystring: PersonQuery }>) => {
      await admit(request);
      const person = readPerson(request.query, lang(request));
      const found = await findPerson(db, registry, request.caller, person, ctx.sealed);
      const organised = await findOrganised(db, registry, request.caller, person);
      await audit(request, 'privacy-search', person, { found: found.length, parties: organised.length });
      return { by: person.by, value: person.value, docs: found.map(toMatch), parties: organised.map(toPartyMatch) };
    },
  );

  typed.get(
    '/api/privacy/export',
    { schema: { querystring: personQuery, headers: credentialHeaders, response: { 200: PrivacyExport } } },
    async (request: FastifyRequest<{ Querystring: PersonQuery }>, reply) => {
      await admit(request);
      const format = request.query.format ?? 'json';
      if (format !== 'json' && format !== 'html') throw refuse(lang(request), 'format', 'privacyBadFormat');
      const person = readPerson(request.query, lang(request));
      const found = await findPerson(db, registry, request.caller, person, ctx.sealed);
      const organised = await findOrganised(db, registry, request.caller, person);
      const data = await exportPerson(db, person, found, organised, ctx.sealed);
      await audit(request, 'privacy-export', person, { found: found.length, parties: organised.length, format });
      const stamp = data.exportedAt.slice(0, 10);
      reply.header('cache-control', 'private, no-store');
      if (format === 'json') return reply.header('content-disposition', `attachment; filename="privacy-export-${stamp}.json"`).send(data);
      return (
        reply
          .type('text/html; charset=utf-8')
          // Opened from the download: its own styles and nothing else (no script, no request anywhere).
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('content-disposition', `attachment; filename="privacy-export-${stamp}.html"`)
          .serializer((html: string) => html)
          .send(
            exportHtml(
              await withUploadNames(data),
              registry.forms.map((form) => form.compiled),
              lang(request),
            ),
          )
      );
    },
  );

  typed.post(
    '/api/privacy/erase',
    { schema: { body: eraseBody, querystring: personQuery, headers: credentialHeaders, response: { 200: PrivacyEraseAnswer } } },
    async (request: FastifyRequest<{ Body: EraseBody }>) => {
      await admit(request);
      const body = (request.body ?? {}) as EraseBody;
      const language = lang(request);
      const person = readPerson(body, language);
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (!reason) throw refuse(language, 'reason', 'privacyReasonRequired');
      if (reason.length > ERASE_REASON_MAX) throw refuse(language, 'reason', 'privacyReasonTooLong');
      if (body.confirm !== true) throw refuse(language, 'confirm', 'privacyConfirmRequired');
      const found = await findPerson(db, registry, request.caller, person, ctx.sealed);
      const held = found.filter((submission) => submission.held);
      const erasable = found.filter((submission) => !submission.held);
      const forms: Record<string, number> = {};
      for (const submission of erasable) forms[submission.form.compiled.id] = (forms[submission.form.compiled.id] ?? 0) + 1;
      const ids = erasable.map((submission) => submission.id);
      const organised = await findOrganised(db, registry, request.caller, person);
      let parties = 0;
      const counts = await deleteSubmissions(db, ctx.uploads, ids, async (tx, deleted) => {
        // The parties they organised stay (the desk's group, its signers' own waivers); the organiser's fields go.
        parties = await eraseOrganiser(
          tx,
          organised.map((party) => party.id),
        );
        // The audit log keeps no trace of the person either (features/audit/redact.ts), this entry included.
        const redacted = await redactAudit(tx, person.matches, ids);
        await recordAudit(tx, request.caller, {
          action: 'privacy-erase',
          target: 'privacy',
          detail: {
            by: person.by,
            person: personHash(person, ctx.jwtSecret),
            reason: redactText(reason, person.matches),
            erased: deleted.submissions,
            files: deleted.files,
            held: held.length,
            parties,
            forms,
            redacted,
          },
        });
      });
      return {
        erased: counts.submissions,
        files: counts.files,
        held: held.map((submission) => ({ form: submission.form.compiled.id, reference: submission.reference, heldUntil: toMatch(submission).heldUntil })),
        parties,
      };
    },
  );
});
