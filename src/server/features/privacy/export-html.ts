// The readable copy of a data-subject export: one self-contained HTML page in the caller's
// language (right to left in Arabic), print-friendly, no script. Every answer is escaped; a
// question's label and a choice's text are the form's own, in that language where the form has it.
import type { CompiledForm, ResolvedField } from '../../../engine/compiled.ts';
import type { PrivacyExport, PrivacyExportSubmission } from '../../../engine/contract/privacy.ts';
import { dataFields } from '../../../engine/conditions.ts';
import type { Lang } from '../../../engine/languages.ts';
import { formText, t } from '../../../engine/messages.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-top:1px solid #999;padding-top:1rem}
table{border-collapse:collapse;width:100%}th,td{text-align:start;vertical-align:top;border-bottom:1px solid #ddd;padding:.3rem .5rem;overflow-wrap:anywhere}
th{width:40%;font-weight:600}@media print{h2{break-before:auto;break-inside:avoid}}`;

function labelOf(form: CompiledForm, field: { label?: string; name: string }, lang: Lang): string {
  const language = form.languages.includes(lang) ? lang : form.languages[0];
  return field.label ? formText(form.id, field.label, language) : field.name;
}

function valueText(form: CompiledForm, field: ResolvedField | undefined, value: unknown, lang: Lang): string {
  const language = form.languages.includes(lang) ? lang : form.languages[0];
  if (field?.type === 'signature') return escape(t('privacySignatureKept', lang));
  if (typeof value === 'boolean') return escape(t(value ? 'staffYes' : 'staffNo', lang));
  const options = field && 'options' in field && Array.isArray(field.options) ? (field.options as { value: unknown; label: string }[]) : [];
  const optionText = (item: unknown) => {
    const option = options.find((candidate) => candidate.value === item);
    return option ? formText(form.id, option.label, language) : String(item);
  };
  if (Array.isArray(value) && field?.type === 'repeat') {
    return value.map((item, index) => `<p>${index + 1}.</p>${answersTable(form, field.fields as ResolvedField[], (item ?? {}) as Record<string, unknown>, lang)}`).join('');
  }
  if (Array.isArray(value)) return escape(value.map(optionText).join(', '));
  if (value && typeof value === 'object') return escape(JSON.stringify(value));
  return escape(optionText(value ?? ''));
}

function answersTable(form: CompiledForm, fields: readonly ResolvedField[], answers: Record<string, unknown>, lang: Lang): string {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const rows = Object.entries(answers).map(([name, value]) => {
    const field = byName.get(name);
    return `<tr><th scope="row">${escape(field ? labelOf(form, field, lang) : name)}</th><td>${valueText(form, field, value, lang)}</td></tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

function submissionPart(forms: Map<string, CompiledForm>, submission: PrivacyExportSubmission, lang: Lang, when: Intl.DateTimeFormat): string {
  const form = forms.get(submission.form)!;
  const title = formText(form.id, form.form.title, form.languages.includes(lang) ? lang : form.languages[0]);
  const facts = [
    [t('staffReference', lang), submission.reference ?? ''],
    [t('staffReceived', lang), when.format(new Date(submission.createdAt))],
    ...(submission.held ? [[t('privacyHeld', lang), submission.heldUntil ? when.format(new Date(submission.heldUntil)) : '']] : []),
    ...(submission.files.length ? [[t('staffFiles', lang), submission.files.map((file) => file.name).join(', ')]] : []),
  ];
  const answers = answersTable(form, dataFields(form.form), submission.answers, lang);
  const notes = submission.notes.length ? `<h3>${escape(t('staffNotes', lang))}</h3><ul>${submission.notes.map((note) => `<li>${escape(when.format(new Date(note.at)))}: ${escape(note.text)}</li>`).join('')}</ul>` : '';
  return `<section><h2>${escape(title)}</h2><table>${facts.map(([name, value]) => `<tr><th scope="row">${escape(name)}</th><td>${escape(value)}</td></tr>`).join('')}</table><h3>${escape(t('staffAnswers', lang))}</h3>${answers}${notes}</section>`;
}

export function exportHtml(data: PrivacyExport, forms: readonly CompiledForm[], lang: Lang): string {
  const byId = new Map(forms.map((form) => [form.id, form]));
  const when = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Qatar' });
  const title = t('privacyExportTitle', lang, { person: data.value });
  const intro = t('privacyExportIntro', lang, { count: data.submissions.length, date: when.format(new Date(data.exportedAt)) });
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(intro)}</p>${data.submissions.map((submission) => submissionPart(byId, submission, lang, when)).join('')}</main></body></html>`;
}
