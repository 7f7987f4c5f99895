// What a rule must be to be saved, beyond its content form's schema: its form exists and its author
// reads every submission of it (the one read check, core/access: a rule, its condition and its
// delivery log would otherwise tell them of answers they may not read), its condition is the
// engine's condition language naming that form's questions and never a confidential form's answers,
// each channel's fields are what the channel takes (channels/: addresses are addresses, a webhook
// is an address webhooks may reach), its templates use known placeholders only, and it tells someone. Each problem names the rule's field, worded in the console's language.
import { Value } from '@sinclair/typebox/value';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { Condition } from '../../../engine/definition/definition.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { ALERT_PLACEHOLDERS } from '../../../engine/contract/alerts.ts';
import type { AlertsConfig } from './config.ts';
import type { FieldError } from '../../core/errors.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import { unknownPlaceholders } from './templates.ts';
import { ALERT_CHANNELS } from './channels/index.ts';

type Data = Record<string, unknown>;

/** Every field a condition names, at any depth. */
function namedFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(namedFields);
  if ('any' in condition) return condition.any.flatMap(namedFields);
  if ('not' in condition) return namedFields(condition.not);
  return [condition.field];
}

function conditionProblems(data: Data, form: LoadedForm | undefined, lang: Lang): FieldError[] {
  // Whether a report's answers met a condition is itself an answer: a confidential form's alerts depend on none.
  if (data.when === 'condition' && form?.compiled.confidential)
    return [{ path: 'condition', message: t('alertConfidentialCondition', lang, { form: form.compiled.id }) }];
  if (data.when !== 'condition' || typeof data.condition !== 'string' || !data.condition.trim()) return [];
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

/** Words in the emails' language are needed (a confidential form's are fixed, but the rule may move to another form). */
function templateProblems(data: Data, lang: Lang): FieldError[] {
  return ['subject', 'body'].flatMap((part) => {
    const texts = data[part] && typeof data[part] === 'object' ? (data[part] as Data) : {};
    const language = typeof data.language === 'string' ? data.language : 'en';
    const written = texts[language];
    if (typeof written !== 'string' || !written.trim()) return [{ path: `${part}.${language}`, message: t('alertTemplateMissing', lang) }];
    return Object.entries(texts).flatMap(([language, template]) => {
      const unknown = typeof template === 'string' ? unknownPlaceholders(template) : [];
      return unknown.length
        ? [
            {
              path: `${part}.${language}`,
              message: t('alertPlaceholder', lang, { placeholder: unknown.join(', '), known: ALERT_PLACEHOLDERS.map((name) => `{${name}}`).join(' ') }),
            },
          ]
        : [];
    });
  });
}

/** May the caller write (or delete) a rule of this form: they read every one of its submissions. */
export const mayWriteRulesOf = (caller: Caller, form: LoadedForm) => readScope(caller, form.compiled).kind === 'all';

export async function ruleProblems(data: Data, forms: readonly LoadedForm[], settings: AlertsConfig, lang: Lang, author: Caller): Promise<FieldError[]> {
  const form = forms.find((candidate) => candidate.compiled.id === data.form);
  // Nothing more is checked of a form the author may not read: the condition's checks would name its questions.
  if (form && !mayWriteRulesOf(author, form)) return [{ path: 'form', message: t('alertFormNotReadable', lang) }];
  const problems: FieldError[] = [];
  if (typeof data.form === 'string' && !form) problems.push({ path: 'form', message: t('alertUnknownForm', lang) });
  problems.push(...conditionProblems(data, form, lang));
  for (const channel of ALERT_CHANNELS) problems.push(...(await channel.ruleProblems(data, settings, lang)));
  if (data.venue_manager === true && form && !form.compiled.venue) problems.push({ path: 'venue_manager', message: t('alertNoVenue', lang) });
  // The venue's manager (found per submission) counts as someone told.
  const told = ALERT_CHANNELS.some((channel) => channel.recipients(data, data.venue_manager === true ? 'the venue manager' : null).length > 0);
  if (!told) problems.push({ path: 'emails', message: t('alertNoRecipient', lang) });
  problems.push(...templateProblems(data, lang));
  return problems;
}
