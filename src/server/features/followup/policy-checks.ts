// What a case policy must be to be saved, beyond its content form's schema: its form exists and its
// author reads every submission of it (the one read check, core/access), its condition is the
// engine's condition language naming that form's questions (none for a confidential form), its
// durations are ISO 8601 durations we take, at least one of them is set, and its chain is a list of
// steps at a share between 0 and 1 or at 'due', each telling someone we know how to find. Each
// problem names the policy's field, in the console's language.
import { Value } from '@sinclair/typebox/value';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { Condition } from '../../../engine/definition/definition.ts';
import { durationMs } from '../../../engine/cases/duration.ts';
import { EscalationNotify } from '../../../engine/contract/case-clock.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import type { FieldError } from '../../core/errors.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';

type Data = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function namedFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(namedFields);
  if ('any' in condition) return condition.any.flatMap(namedFields);
  if ('not' in condition) return namedFields(condition.not);
  return [condition.field];
}

function conditionProblems(data: Data, form: LoadedForm | undefined, lang: Lang): FieldError[] {
  if (typeof data.condition !== 'string' || !data.condition.trim()) return [];
  if (form?.compiled.confidential) return [{ path: 'condition', message: t('casePolicyConfidentialCondition', lang, { form: form.compiled.id }) }];
  let condition: unknown;
  try {
    condition = JSON.parse(data.condition);
  } catch {
    return [{ path: 'condition', message: t('alertConditionJson', lang) }];
  }
  if (!Value.Check(Condition, condition)) return [{ path: 'condition', message: t('alertConditionJson', lang) }];
  if (!form) return [];
  const questions = new Set(dataFields(form.compiled.form).map((field) => field.name));
  return [...new Set(namedFields(condition as Condition))]
    .filter((name) => !questions.has(name))
    .map((name) => ({ path: 'condition', message: t('alertConditionField', lang, { field: name, form: form.compiled.id }) }));
}

function durationProblems(data: Data, lang: Lang): FieldError[] {
  const problems: FieldError[] = [];
  // The recovery survey's delay (recovery-step.ts) is a duration too, never a clock of its own.
  for (const field of ['first_response', 'resolve', 'recovery_survey_delay']) {
    const value = data[field];
    if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) continue;
    if (durationMs(value) === null) problems.push({ path: field, message: t('casePolicyDuration', lang, { value: String(value) }) });
  }
  const set = (field: string) => typeof data[field] === 'string' && (data[field] as string).trim() !== '';
  if (problems.length === 0 && !set('first_response') && !set('resolve')) problems.push({ path: 'first_response', message: t('casePolicyNoDuration', lang) });
  return problems;
}

function stepProblems(step: unknown, n: number, lang: Lang): string[] {
  if (!step || typeof step !== 'object' || Array.isArray(step)) return [t('casePolicyStep', lang, { n })];
  const { at, notify, ...rest } = step as Data;
  const problems: string[] = [];
  if (Object.keys(rest).length) problems.push(t('casePolicyStep', lang, { n }));
  if (!(at === 'due' || (typeof at === 'number' && at > 0 && at < 1))) problems.push(t('casePolicyShare', lang, { n, value: JSON.stringify(at ?? null) }));
  if (!Value.Check(EscalationNotify, notify)) problems.push(t('casePolicyNotify', lang, { n }));
  else if (typeof notify === 'object' && 'emails' in notify)
    for (const address of notify.emails.filter((email) => !EMAIL.test(email))) problems.push(t('alertEmail', lang, { address }));
  return problems;
}

function chainProblems(data: Data, lang: Lang): FieldError[] {
  if (typeof data.escalation !== 'string' || !data.escalation.trim()) return [];
  let chain: unknown;
  try {
    chain = JSON.parse(data.escalation);
  } catch {
    return [{ path: 'escalation', message: t('casePolicyChainJson', lang) }];
  }
  if (!Array.isArray(chain) || chain.length > 10) return [{ path: 'escalation', message: t('casePolicyChainJson', lang) }];
  return chain.flatMap((step, index) => stepProblems(step, index + 1, lang).map((message) => ({ path: 'escalation', message })));
}

/** May the caller write (or delete) a policy of this form: they read every one of its submissions. */
export const mayWritePoliciesOf = (caller: Caller, form: LoadedForm) => readScope(caller, form.compiled).kind === 'all';

export function policyProblems(data: Data, forms: readonly LoadedForm[], lang: Lang, author: Caller): FieldError[] {
  const form = forms.find((candidate) => candidate.compiled.id === data.form);
  if (form && !mayWritePoliciesOf(author, form)) return [{ path: 'form', message: t('casePolicyFormNotReadable', lang) }];
  const problems: FieldError[] = [];
  if (typeof data.form === 'string' && !form) problems.push({ path: 'form', message: t('alertUnknownForm', lang) });
  problems.push(...conditionProblems(data, form, lang), ...durationProblems(data, lang), ...chainProblems(data, lang));
  return problems;
}
