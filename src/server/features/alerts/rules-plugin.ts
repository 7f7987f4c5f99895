// Saving alert rules: the content write routes for the alert-rules collection (more specific than
// /api/:slug, so they take its requests), for admins only (and of the forms they read), with the rule's own checks
// (rule-checks.ts) before the content form's; then the content feature stores and audits as for
// any content.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { loadCompiledForms, type LoadedForm } from '../../core/forms/compiled-forms.ts';
import { fieldLabel, requestLanguage } from '../../core/forms/validation.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import type { Collection } from '../../core/registry.ts';
import { createContent, deleteContent, updateContent } from '../content/index.ts';
import { mayWriteRulesOf, ruleProblems } from './rule-checks.ts';
import { ALERT_RULES } from './rules.ts';
import { queryOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';

type Data = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

export const alertRulesPlugin = ownPlugin('alert-rules', async (app: FastifyInstance, ctx: ServerContext) => {
  const collection = ctx.registry.collections.get(ALERT_RULES);
  if (!collection) return; // a content directory without alert rules
  const rulesCollection: Collection = collection;
  let editor: Promise<LoadedForm | undefined> | null = null;
  const ruleForm = () =>
    (editor ??= loadCompiledForms(path.join(ctx.config.formsBuildDir, 'content')).then((forms) =>
      forms.find((form) => form.compiled.collection === ALERT_RULES),
    ));

  function allow(request: FastifyRequest): void {
    if (!can(request.caller, 'manage-alerts')) throw forbidden();
  }

  /** The rule's own checks on the document as it would be stored (a change: over the stored one). */
  async function check(request: FastifyRequest, stored: Data): Promise<void> {
    if (!isObject(request.body)) return; // the content write answers it
    const form = await ruleForm();
    if (!form) throw forbidden();
    const lang = requestLanguage(form, parseQueryString(queryOf(request)).locale, request.headers['accept-language']);
    const problems = await ruleProblems({ ...stored, ...request.body }, ctx.registry.forms, ctx.config.alerts, lang, request.caller);
    if (problems.length)
      throw validationError(
        ALERT_RULES,
        problems.map((problem) => ({ ...problem, label: fieldLabel(form, problem.path.replace('.', '_'), lang) })),
      );
  }

  async function storedRule(id: string): Promise<Data> {
    const { rows } = await ctx.db.query<{ data: Data }>('SELECT data FROM documents WHERE collection = $1 AND id = $2', [ALERT_RULES, idParam(id)]);
    if (!rows[0]) throw notFound();
    return rows[0].data;
  }

  app.post(`/api/${ALERT_RULES}`, async (request: FastifyRequest, reply: FastifyReply) => {
    allow(request);
    await check(request, {});
    const doc = await createContent({ ctx, request, target: ALERT_RULES }, rulesCollection);
    return reply.code(201).send({ doc, message: `${rulesCollection.label} successfully created.` });
  });

  app.patch(`/api/${ALERT_RULES}/:id`, async (request: IdRequest) => {
    allow(request);
    await check(request, await storedRule(request.params.id));
    return { doc: await updateContent({ ctx, request, target: ALERT_RULES }, rulesCollection, request.params.id), message: 'Updated successfully.' };
  });

  app.delete(`/api/${ALERT_RULES}/:id`, async (request: IdRequest) => {
    allow(request);
    // A rule of a form the caller does not read is not theirs to end (compliance's alerts of whistle-blower reports).
    const stored = await storedRule(request.params.id);
    const form = ctx.registry.forms.find((candidate) => candidate.compiled.id === stored.form);
    if (form && !mayWriteRulesOf(request.caller, form)) throw forbidden();
    return { doc: await deleteContent({ ctx, request, target: ALERT_RULES }, rulesCollection, request.params.id), message: 'Deleted successfully.' };
  });
});
