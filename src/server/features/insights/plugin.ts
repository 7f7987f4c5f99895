// GET /api/insights/{formId}: a form's aggregates by answer and period (what the insights page
// draws and BI tools read); GET /api/insights/{formId}/comments: the free-text answers beside them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { InsightCommentsAnswer, InsightsAnswer, type InsightGroup } from '../../../engine/contract/insights.ts';
import { insightCommentFields, insightGroupings, insightQuestions } from '../../../engine/insights/insight-questions.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { optionLabel } from '../../../engine/fields/parts.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { recordAudit } from '../audit/index.ts';
import { aggregate, type AggregateRow } from './aggregate.ts';
import { readComments } from './comments.ts';
import { callerLanguage, insightQuerySchema, readInsightParams, type InsightQuery } from './insight-request.ts';
import { insightForm } from './scope.ts';
import { followCountedFields } from './rollup.ts';
import { foldPending } from './fold.ts';
import { SharedAnswers } from './shared-answers.ts';

/** How often the queue of submissions to count is folded without a read asking. */
const FOLD_EVERY_MS = 60_000;

type InsightRequest = FastifyRequest<{ Params: { formId: string }; Querystring: InsightQuery }>;

const params = { type: 'object', properties: { formId: { type: 'string', maxLength: 100 } }, required: ['formId'] } as const;

/** Each group's label in every language of the form (an option's text; a venue's name as stored). */
function groupLabel(compiled: CompiledForm, by: string | null, key: string | null): Record<string, string> {
  const label = (text: (lang: Lang) => string) => Object.fromEntries(compiled.languages.map((lang) => [lang, text(lang)]));
  if (by === null) return label((lang) => t('insightsAllSubmissions', lang));
  if (key === null) return label((lang) => t('insightsNotAnswered', lang));
  const grouping = insightGroupings(compiled.form).find((candidate) => candidate.name === by);
  const options = grouping && 'options' in grouping ? grouping.options : undefined;
  return label((lang) => optionLabel(options, key, { text: (text) => formText(compiled.id, text, lang) }));
}

function toGroups(compiled: CompiledForm, by: string | null, rows: AggregateRow[]): InsightGroup[] {
  const groups = new Map<string | null, InsightGroup>();
  for (const { key, ...period } of rows) {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label: groupLabel(compiled, by, key), periods: [] }));
    group.periods.push(period);
  }
  return [...groups.values()];
}

export const insightsPlugin = ownPlugin('insights', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  // The rollup counts what today's forms ask (rollup.ts). The queue is folded after start (all the
  // submissions of a collection whose counted fields changed, in chunks, so the server answers
  // meanwhile) and then every minute, so a read rarely finds more than a minute's submissions to
  // fold first. Closing waits for the chunk under way.
  await followCountedFields(db, registry);
  let closing = false;
  let folding: Promise<void> | null = null;
  const fold = () => {
    folding ??= foldPending(db, () => !closing)
      .then(() => undefined)
      .catch((error: Error) => {
        if (!closing) app.log.error(`insights: counting the stored submissions failed (${error.message})`);
      })
      .finally(() => {
        folding = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    fold();
    timer = setInterval(fold, FOLD_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await folding;
  });

  const formOf = (request: InsightRequest) => insightForm(registry, request.caller, request.params.formId, callerLanguage(request));

  // Kept as the JSON text sent (the route's own serializer, once): a shared answer costs no serializing.
  const shared = new SharedAnswers<string>();

  const schema = (response: unknown) => ({ params, querystring: insightQuerySchema, headers: credentialHeaders, response: { 200: response } });

  app.get('/api/insights/:formId', { schema: schema(InsightsAnswer) }, async (request: InsightRequest, reply) => {
    const { compiled, collection, venues } = formOf(request);
    const { by, period, range } = readInsightParams(request.query, compiled, callerLanguage(request));
    const generation = await foldPending(db);
    const text = await shared.answer({ form: compiled.id, by, period, from: range.from, to: range.to, venues }, generation, async () => {
      const rows = await aggregate(db, { collection: collection.slug, by, period, range, questions: insightQuestions(compiled.form), venues });
      const answer: InsightsAnswer = { form: compiled.id, by, period, from: range.from, to: range.to, groups: toGroups(compiled, by, rows) };
      return String(reply.serialize(answer));
    });
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.get('/api/insights/:formId/comments', { schema: schema(InsightCommentsAnswer) }, async (request: InsightRequest) => {
    const { compiled, collection, venues } = formOf(request);
    const { by, range } = readInsightParams(request.query, compiled, callerLanguage(request));
    const group = request.query.group === undefined || request.query.group === '' ? null : request.query.group;
    const answer = await readComments(db, {
      collection: collection.slug,
      by,
      group,
      range,
      venues,
      commentFields: insightCommentFields(compiled.form).map((field) => field.name),
      ratingFields: insightQuestions(compiled.form).map((question) => question.name),
    });
    // Free text is personal data: reading it is recorded as a read of submissions.
    await recordAudit(db, request.caller, {
      action: 'read-submission',
      target: collection.slug,
      detail: { insights: 'comments', from: range.from, to: range.to, ...(group ? { group } : {}) },
    });
    return answer;
  });
});
