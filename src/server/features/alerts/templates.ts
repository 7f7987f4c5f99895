// An alert's words: the rule's subject and body with {reference} {form} {venue} {time} {link}
// {answers} filled in, the time in Doha, the answers as their field types read (engine/fields/answer-text.ts)
// in the rule's language. A confidential form's alert is a fixed text with the reference and the
// console link only, whatever the rule says, and its answers are never read into one.
import { ALERT_PLACEHOLDERS, type AlertPlaceholder } from '../../../engine/contract/alerts.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { answerText, serverAnswerReader, withUploads } from '../../core/forms/answer-reader.ts';
import type { Queryable } from '../../core/db/db.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';

export type TemplateValues = Record<AlertPlaceholder, string>;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The braces of a template that name no placeholder, e.g. "{venu}". */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[0])
    .filter((token) => !(ALERT_PLACEHOLDERS as readonly string[]).includes(token.slice(1, -1)));
}

/** One pass: a value holding "{link}" (a venue's name, say) is not filled again. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (token, name: string) =>
    (ALERT_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as AlertPlaceholder] : token,
  );
}

export function dohaTime(date: Date, lang: Lang): string {
  return venueTime(date, lang);
}

export function consoleLink(consoleUrl: string, formId: string, submissionId: number): string {
  return `${consoleUrl}${submissionConsolePath(formId, submissionId)}`;
}

export interface AlertTemplates {
  subject: string;
  body: string;
}

/** What a confidential form's alert says, in the rule's language: the reference and the link. */
export function confidentialTemplates(lang: Lang): AlertTemplates {
  return {
    subject: t('alertConfidentialSubject', lang, { reference: '{reference}' }),
    body: t('alertConfidentialBody', lang, { reference: '{reference}', link: '{link}' }),
  };
}

/** What is said when something new was added to a confidential report (the reporter wrote again): the reference and the link. */
export function confidentialNoticeTemplates(lang: Lang): AlertTemplates {
  return {
    subject: t('alertConfidentialNoticeSubject', lang, { reference: '{reference}' }),
    body: t('alertConfidentialNoticeBody', lang, { reference: '{reference}', link: '{link}' }),
  };
}

export type QueuedAlert = {
  reference: string;
  form_id: string;
  venue: string | null;
  lang: Lang;
  created_at: Date;
};

/** Every answered question as "Label: answer", one a line, in the form's order and the reader's language; nothing of a confidential form. */
export function answersText(compiled: CompiledForm, answers: Record<string, unknown>, lang: Lang): string {
  if (compiled.confidential) return '';
  const reader = serverAnswerReader(compiled.id, lang);
  return dataFields(compiled.form)
    .filter((field) => field.type !== 'hidden')
    .map((field) => [reader.label(field), answerText(reader, field, answers[field.name])])
    .filter(([, text]) => text)
    .map(([label, text]) => `${label}: ${text}`)
    .join('\n');
}

/** The submission's answers for {answers}, its uploads by name; none are read of a confidential form (or of a form no longer served). */
export async function alertAnswers(db: Queryable, compiled: CompiledForm | null, submissionId: number): Promise<Record<string, unknown> | undefined> {
  if (!compiled || compiled.confidential) return undefined;
  const { rows } = await db.query<{ id: number; data: Record<string, unknown> }>('SELECT id, data FROM documents WHERE id = $1', [submissionId]);
  return rows.length ? (await withUploads(db, compiled, rows))[0] : undefined;
}

/**
 * The placeholders' values of a queued alert: the form's title in the rule's language (English when
 * the form has not that language); {answers} from the submission's answers when given (else empty).
 */
export function valuesOf(alert: QueuedAlert, compiled: CompiledForm | null, link: string, answers?: Record<string, unknown>): TemplateValues {
  const lang = compiled?.languages.includes(alert.lang) ? alert.lang : 'en';
  return {
    reference: alert.reference,
    form: compiled ? formText(compiled.id, compiled.form.title, lang) : alert.form_id,
    venue: alert.venue ?? '',
    time: dohaTime(new Date(alert.created_at), alert.lang),
    link,
    answers: compiled && answers ? answersText(compiled, answers, alert.lang) : '',
  };
}
