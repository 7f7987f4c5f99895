// Saving reply templates: the content write routes for the reply-templates collection (more
// specific than /api/:slug, so they take its requests), for editors and admins as any content,
// with one check of their own before the content form's: every placeholder of the subject and the
// text is one of ours (else 400 naming it). Then the content feature stores and audits.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { can } from '../../core/access/roles.ts';
import { loadCompiledForms, type LoadedForm } from '../../core/forms/compiled-forms.ts';
import { fieldLabel, requestLanguage } from '../../core/forms/validation.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import { queryOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import type { Collection } from '../../core/registry.ts';
import { createContent, updateContent } from '../content/index.ts';
import { placeholderProblem } from './reply-check.ts';
import { REPLY_TEMPLATES } from './template-collection.ts';

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

export const replyTemplatesPlugin = ownPlugin('reply-templates', async (app: FastifyInstance, ctx: ServerContext) => {
  const found = ctx.registry.collections.get(REPLY_TEMPLATES);
  if (!found) return; // a content directory without reply templates
  const collection: Collection = found;
  let editor: Promise<LoadedForm | undefined> | null = null;
  const templateForm = () =>
    (editor ??= loadCompiledForms(path.join(ctx.config.formsBuildDir, 'content')).then((forms) =>
      forms.find((form) => form.compiled.collection === REPLY_TEMPLATES),
    ));

  async function check(request: FastifyRequest, stored: Data): Promise<void> {
    if (!can(request.caller, 'edit-content')) throw forbidden(); // told before anything about the words
    if (!isObject(request.body)) return; // the content write answers it
    const form = await templateForm();
    if (!form) return;
    const lang = requestLanguage(form, parseQueryString(queryOf(request)).locale, request.headers['accept-language']);
    const doc = { ...stored, ...request.body };
    const errors: FieldError[] = [];
    for (const field of ['subject', 'body']) {
      const problem = typeof doc[field] === 'string' ? placeholderProblem(doc[field], lang) : null;
      if (problem) errors.push({ path: field, label: fieldLabel(form, field, lang), message: problem });
    }
    if (errors.length) throw validationError(REPLY_TEMPLATES, errors);
  }

  async function storedTemplate(id: string): Promise<Data> {
    const { rows } = await ctx.db.query<{ data: Data }>('SELECT data FROM documents WHERE collection = $1 AND id = $2', [REPLY_TEMPLATES, idParam(id)]);
    if (!rows[0]) throw notFound();
    return rows[0].data;
  }

  app.post(`/api/${REPLY_TEMPLATES}`, async (request: FastifyRequest, reply: FastifyReply) => {
    await check(request, {});
    const doc = await createContent({ ctx, request, target: REPLY_TEMPLATES }, collection);
    return reply.code(201).send({ doc, message: `${collection.label} successfully created.` });
  });

  app.patch(`/api/${REPLY_TEMPLATES}/:id`, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    await check(request, await storedTemplate(request.params.id));
    return { doc: await updateContent({ ctx, request, target: REPLY_TEMPLATES }, collection, request.params.id), message: 'Updated successfully.' };
  });
});
