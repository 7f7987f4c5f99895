// Runs a form's compiled validator and words its errors with the engine's shared messages,
// so the page and the server say the same thing in the same language.
import type { Lang } from '../../../engine/definition/definition.ts';
import type { ResolvedField } from '../../../engine/compiler/compiled.ts';
import { describeErrors, errorMessage, leafField, MAX_FIELD_ERRORS } from '../../../engine/checks/errors.ts';
import { answerErrors, withAnswerErrors } from '../../../engine/checks/answer-checks.ts';
import { FIELD_TYPES } from '../../../engine/fields/index.ts';
import { phoneErrors } from '../../../engine/checks/phones.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import type { FieldError } from '../errors.ts';
import type { LoadedForm } from './compiled-forms.ts';
import { oversizeLists, unstorableTexts, type LimitIssue } from './answer-limits.ts';

const fieldIndex = new WeakMap<LoadedForm, Map<string, ResolvedField>>();

export function formField(form: LoadedForm, name: string): ResolvedField | undefined {
  let index = fieldIndex.get(form);
  if (!index) {
    index = new Map(form.compiled.form.sections.flatMap((section) => section.fields.map((field) => [field.name, field] as const)));
    fieldIndex.set(form, index);
  }
  return index.get(name);
}

/**
 * The label of the value at `path` in `lang`: a field's own label, or for an answer inside a
 * repeated group "<item label n> > <question>" (Payload's "Rows 1 > Field").
 */
export function fieldLabel(form: LoadedForm, path: string, lang: Lang): string {
  const [name, index, child] = path.split('.');
  if (name === '') return t('emptyName', lang);
  const field = formField(form, name);
  const text = (key: string, vars?: Record<string, number>) => formText(form.compiled.id, key, lang, vars);
  const own = field && 'label' in field && field.label ? text(field.label) : name;
  if (field?.type !== 'repeat' || !/^\d+$/.test(index ?? '')) return own;
  const item = text(field.itemLabel, { n: Number(index) + 1 });
  const question = field.fields.find((candidate) => candidate.name === child);
  return question ? `${item} > ${text(question.label)}` : item;
}

/** The language for messages: ?locale=, else Accept-Language, limited to the form's languages. */
export function requestLanguage(form: LoadedForm, locale: unknown, acceptLanguage: string | undefined): Lang {
  const requested = typeof locale === 'string' && locale ? locale : acceptLanguage?.split(',')[0];
  return resolveLanguage(requested, form.compiled.languages);
}

/** A drawing is one answer: a problem inside its strokes is reported on the signature itself (its type says so). */
function answerPath(form: LoadedForm, path: string): string {
  const name = path.split('.')[0];
  const field = formField(form, name);
  return field && FIELD_TYPES[field.type].errorsOnWhole ? name : path;
}

/** Tomorrow in UTC: a guest east of the server may already be on the next calendar day. */
function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Checks no validator needs to walk item by item; see answer-limits.ts. */
function limitErrors(form: LoadedForm, data: unknown, lang: Lang) {
  const issues: LimitIssue[] = unstorableTexts(data, MAX_FIELD_ERRORS);
  if (issues.length === 0) oversizeLists(form.compiled.schema, data, MAX_FIELD_ERRORS, '', issues);
  return issues.map((issue) => {
    const name = issue.path.split('.')[0];
    const message =
      issue.keyword === 'unstorableText'
        ? t('unstorableText', lang)
        : errorMessage({ keyword: 'maxItems', params: { limit: issue.limit } }, leafField(formField(form, name), issue.path), lang, form.compiled.id);
    return { path: issue.path, message };
  });
}

/** The problems with a submission, one per answer (at most MAX_FIELD_ERRORS), worded in `lang`. */
export function validateSubmission(form: LoadedForm, data: unknown, lang: Lang, today = latestToday(), refusedKeys: string[] = []): FieldError[] {
  // Keys the JSON parser refused (prototype poisoning) are not part of any form; named with the rest.
  const refused = refusedKeys.map((path) => ({ path, message: t('additionalProperties', lang) }));
  let described: { path: string; message: string }[] = limitErrors(form, data, lang);
  if (described.length === 0) {
    const valid = form.validate(data);
    const schemaErrors = valid ? [] : describeErrors(form.validate.errors ?? [], form.compiled.schema, (name) => formField(form, name), lang, form.compiled.id);
    // The checks the page also runs (page/server agreement: tests/unit/page-server-verdicts.test.ts).
    const extra = data && typeof data === 'object' && !Array.isArray(data) ? answerErrors(form.compiled.form, data as Record<string, unknown>, today, lang, phoneErrors) : [];
    described = withAnswerErrors(schemaErrors, extra);
    // A refusal always names something: should the validator say no without a reason, the whole form is named.
    if (!valid && described.length === 0) described = [{ path: '', message: t('invalid', lang) }];
  }
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const error of [...refused, ...described]) {
    const path = answerPath(form, error.path);
    if (seen.has(path) || errors.length >= MAX_FIELD_ERRORS) continue;
    seen.add(path);
    errors.push({ label: fieldLabel(form, error.path, lang), message: error.message, path });
  }
  return errors;
}
