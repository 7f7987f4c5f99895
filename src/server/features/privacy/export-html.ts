// The readable copy of a data-subject export: one self-contained HTML page in the caller's
// language (right to left in Arabic), print-friendly, no script. Every answer reads as its field
// type says (engine/fields/answer-text.ts) and is escaped here; labels are the form's own, in that language
// where the form has it.
import type { CompiledForm, ResolvedField } from '../../../engine/compiler/compiled.ts';
import type { PrivacyExport, PrivacyExportSubmission } from '../../../engine/contract/privacy.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { plainText, type AnswerReader } from '../../../engine/fields/parts.ts';
import { readAnswer, serverAnswerReader } from '../../core/forms/answer-reader.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';
import { calendarDayText } from '../../../engine/text/calendar-day.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-top:1px solid #999;padding-top:1rem}
table{border-collapse:collapse;width:100%}th,td{text-align:start;vertical-align:top;border-bottom:1px solid #ddd;padding:.3rem .5rem;overflow-wrap:anywhere}
th{width:40%;font-weight:600}@media print{h2{break-before:auto;break-inside:avoid}}`;

/** An answer's cell: its text escaped; a repeated group as a table per item. */
function answerCell(reader: AnswerReader, field: ResolvedField | undefined, value: unknown): string {
  if (!field) return escape(value === undefined || value === null ? '' : plainText(value));
  const reading = readAnswer(reader, field, value);
  if (reading.rows) {
    return reading.rows
      .map(
        (row) =>
          `<p>${escape(row.label)}</p><table>${row.cells
            .filter((cell) => cell.reading.text)
            .map((cell) => `<tr><th scope="row">${escape(cell.label)}</th><td>${escape(cell.reading.text)}</td></tr>`)
            .join('')}</table>`,
      )
      .join('');
  }
  return escape(reading.text);
}

function answersTable(reader: AnswerReader, fields: readonly ResolvedField[], answers: Record<string, unknown>): string {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const rows = Object.entries(answers).map(([name, value]) => {
    const field = byName.get(name);
    return `<tr><th scope="row">${escape(field ? reader.label(field) : name)}</th><td>${answerCell(reader, field, value)}</td></tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

function submissionPart(forms: Map<string, CompiledForm>, submission: PrivacyExportSubmission, lang: Lang): string {
  const form = forms.get(submission.form)!;
  const title = formText(form.id, form.form.title, form.languages.includes(lang) ? lang : form.languages[0]);
  const facts = [
    [t('staffReference', lang), submission.reference ?? ''],
    [t('staffReceived', lang), venueTime(submission.createdAt, lang)],
    ...(submission.held ? [[t('privacyHeld', lang), submission.heldUntil ? venueTime(submission.heldUntil, lang) : '']] : []),
    ...(submission.files.length ? [[t('staffFiles', lang), submission.files.map((file) => file.name).join(', ')]] : []),
  ];
  const answers = answersTable(serverAnswerReader(form.id, lang), dataFields(form.form), submission.answers);
  const notes = submission.notes.length
    ? `<h3>${escape(t('staffNotes', lang))}</h3><ul>${submission.notes.map((note) => `<li>${escape(venueTime(note.at, lang))}: ${escape(note.text)}</li>`).join('')}</ul>`
    : '';
  const messages = submission.messages.length
    ? `<h3>${escape(t('staffCaseMessages', lang))}</h3><ul>${submission.messages.map((message) => `<li>${escape(venueTime(message.at, lang))}, ${escape(t(message.direction === 'to-guest' ? 'staffCaseToGuest' : 'staffCaseFromGuest', lang))}: ${escape(message.text)}</li>`).join('')}</ul>`
    : '';
  return `<section><h2>${escape(title)}</h2><table>${facts.map(([name, value]) => `<tr><th scope="row">${escape(name)}</th><td>${escape(value)}</td></tr>`).join('')}</table><h3>${escape(t('staffAnswers', lang))}</h3>${answers}${notes}${messages}</section>`;
}

function partyPart(forms: Map<string, CompiledForm>, party: PrivacyExport['parties'][number], lang: Lang): string {
  const form = forms.get(party.form);
  const title = form ? formText(form.id, form.form.title, form.languages.includes(lang) ? lang : form.languages[0]) : party.form;
  const rows = [
    [t('privacyPartyCode', lang), party.code],
    [t('privacyPartyName', lang), party.organiser.name],
    [t('privacyPartyPhone', lang), party.organiser.phone],
    [t('privacyPartyEmail', lang), party.organiser.email],
    [t('privacyPartyExpected', lang), String(party.expected)],
    [t('staffReceived', lang), venueTime(party.createdAt, lang)],
  ];
  // Codes, phones and emails read left to right inside an Arabic page.
  const cells = rows.map(([name, value]) => `<tr><th scope="row">${escape(name)}</th><td><bdi>${escape(value)}</bdi></td></tr>`).join('');
  return `<section><h2>${escape(t('partyRosterTitle', lang, { title, date: calendarDayText(party.visitDate, lang) }))}</h2><table>${cells}</table></section>`;
}

export function exportHtml(data: PrivacyExport, forms: readonly CompiledForm[], lang: Lang): string {
  const byId = new Map(forms.map((form) => [form.id, form]));
  const title = t('privacyExportTitle', lang, { person: data.value });
  const intro = t('privacyExportIntro', lang, { count: data.submissions.length, date: venueTime(data.exportedAt, lang) });
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(intro)}</p>${data.submissions.map((submission) => submissionPart(byId, submission, lang)).join('')}${
    data.parties.length ? `<p>${escape(t('privacyPartiesFound', lang, { count: data.parties.length }))}</p>` : ''
  }${data.parties.map((party) => partyPart(byId, party, lang)).join('')}</main></body></html>`;
}
