// Saving case policies: the content write routes for the case-policies collection (more specific
// than /api/:slug, so they take its requests), for admins only (and of the forms they read), with
// the policy's own checks (policy-checks.ts) before the content form's; then the content feature
// stores and audits as for any content. Modelled on the alert rules' (features/alerts/rules-plugin.ts).
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { loadCompiledForms, type LoadedForm } from '../../core/forms/compiled-forms.ts';
import { fieldLabel, requestLanguage } from '../../core/forms/validation.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import { queryOf } from '../../core/http/pathname.ts';
import { idParam } from '../../core/http/row-id.ts';
import type { Collection } from '../../core/registry.ts';
import { createContent, deleteContent, updateContent } from '../content/index.ts';
import { CASE_POLICIES } from './case-policies.ts';
import { mayWritePoliciesOf, policyProblems } from './policy-checks.ts';

type Data = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

export const casePoliciesPlugin = ownPlugin('case-policies', async (app: FastifyInstance, ctx: ServerContext) => {
  const found = ctx.registry.collections.get(CASE_POLICIES);
  if (!found) return; // a content directory without case policies
  const collection: Collection = found;
  let editor: Promise<LoadedForm | undefined> | null = null;
  const policyForm = () =>
    (editor ??= loadCompiledForms(path.join(ctx.config.formsBuildDir, 'content')).then((forms) =>
      forms.find((form) => form.compiled.collection === CASE_POLICIES),
    ));

  function allow(request: FastifyRequest): void {
    if (!can(request.caller, 'manage-alerts')) throw forbidden();
  }

  async function check(request: FastifyRequest, stored: Data): Promise<void> {
    if (!isObject(request.body)) return; // the content write answers it
    const form = await policyForm();
    if (!form) throw forbidden();
    const lang = requestLanguage(form, parseQueryString(queryOf(request)).locale, request.headers['accept-language']);
    const problems = policyProblems({ ...stored, ...request.body }, ctx.registry.forms, lang, request.caller);
    if (problems.length)
      throw validationError(
        CASE_POLICIES,
        problems.map((problem) => ({ ...problem, label: fieldLabel(form, problem.path, lang) })),
      );
  }

  async function storedPolicy(id: string): Promise<Data> {
    const { rows } = await ctx.db.query<{ data: Data }>('SELECT data FROM documents WHERE collection = $1 AND id = $2', [CASE_POLICIES, idParam(id)]);
    if (!rows[0]) throw notFound();
    return rows[0].data;
  }

  app.post(`/api/${CASE_POLICIES}`, async (request: FastifyRequest, reply: FastifyReply) => {
    allow(request);
    await check(request, {});
    const doc = await createContent({ ctx, request, target: CASE_POLICIES }, collection);
    return reply.code(201).send({ doc, message: `${collection.label} successfully created.` });
  });

  app.patch(`/api/${CASE_POLICIES}/:id`, async (request: IdRequest) => {
    allow(request);
    await check(request, await storedPolicy(request.params.id));
    return { doc: await updateContent({ ctx, request, target: CASE_POLICIES }, collection, request.params.id), message: 'Updated successfully.' };
  });

  app.delete(`/api/${CASE_POLICIES}/:id`, async (request: IdRequest) => {
    allow(request);
    const stored = await storedPolicy(request.params.id);
    const form = ctx.registry.forms.find((candidate) => candidate.compiled.id === stored.form);
    if (form && !mayWritePoliciesOf(request.caller, form)) throw forbidden();
    return { doc: await deleteContent({ ctx, request, target: CASE_POLICIES }, collection, request.params.id), message: 'Deleted successfully.' };
  });
});
