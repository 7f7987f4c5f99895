// The guest's signed copy of a waiver as a PDF: the definition the guest saw (every heading,
// checklist, note and term, in the language they signed in), every answer as its field type reads
// (engine/fields/answer-text.ts; the writer shapes and orders the Arabic), dependents, the signature as vectors, the Form ID, the time in Doha, and the evidence
// (definition version and hash, answers SHA-256). The Form ID is also in the file's metadata
// (Keywords), which is all the verify page reads of an uploaded copy.
import type { CompiledForm, ResolvedDataField, ResolvedField } from '../../../engine/compiler/compiled.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { parseRichText, type RichNode } from '../../../engine/text/rich-text.ts';
import { answered, type AnswerReader, type AnswerReading } from '../../../engine/fields/parts.ts';
import { readAnswer, serverAnswerReader } from '../../core/forms/answer-reader.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { signatureStrokes } from '../collections/index.ts';
import { PdfWriter } from './pdf-writer.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';

type Data = Record<string, unknown>;

/** The digits the guest's pages show: Arabic-Indic in Arabic, Latin otherwise. */
const dateLocale = (lang: Lang) => (lang === 'ar' ? 'ar-u-nu-arab' : `${lang}-u-nu-latn`);

export function dohaTime(date: Date, lang: Lang): string {
  return venueTime(date, lang, 'long-minute', dateLocale(lang));
}

const plain = (nodes: RichNode[]): string => nodes.map((node) => ('text' in node ? node.text : plain(node.children))).join('');

/** A rich text (terms, checklist items) as plain paragraphs, list items with a bullet. */
function paragraphsOf(source: string): string[] {
  return parseRichText(source).flatMap((block) =>
    block.type === 'p'
      ? [plain(block.children)]
      : block.children.map((item, index) => `${block.type === 'ol' ? `${index + 1}.` : '•'} ${plain((item as { children: RichNode[] }).children)}`),
  );
}

export interface WaiverCopy {
  row: DocumentRow;
  /** The definition the guest saw (its hash is the row's). */
  compiled: CompiledForm;
  lang: Lang;
}

function writeContent(pdf: PdfWriter, copy: WaiverCopy, field: Extract<ResolvedField, { type: 'content' }>): void {
  const text = (key: string | undefined) => (key ? formText(copy.compiled.id, key, copy.lang) : '');
  if (field.style === 'heading') {
    pdf.paragraph(text(field.text), { size: 13, bold: true, before: 8 });
    return;
  }
  for (const paragraph of paragraphsOf(text(field.text))) pdf.paragraph(paragraph, { before: 3 });
  for (const item of field.items ?? []) for (const paragraph of paragraphsOf(text(item))) pdf.paragraph(`• ${paragraph}`, { before: 3, indent: 10 });
}

/** A left-to-right answer (a phone, an address) isolated, so a right-to-left line keeps its "+" in front (pdf-lines.ts reads the isolates). */
const lineText = (reading: AnswerReading) => (reading.ltr ? `\u2066${reading.text}\u2069` : reading.text);

function writeAnswer(pdf: PdfWriter, reader: AnswerReader, field: ResolvedDataField, data: Data): void {
  const value = data[field.name];
  if (field.type === 'hidden' || !answered(value)) return;
  pdf.paragraph(reader.label(field), { size: 9.5, grey: true, before: 6 });
  const reading = readAnswer(reader, field, value);
  if (reading.drawing) {
    const signature = signatureStrokes(value);
    if (signature) pdf.signature(signature);
    return;
  }
  if (reading.rows) {
    for (const row of reading.rows) {
      pdf.paragraph(row.label, { bold: true, before: 4, indent: 10 });
      for (const cell of row.cells) if (cell.reading.text) pdf.paragraph(`${cell.label}: ${lineText(cell.reading)}`, { indent: 20 });
    }
    return;
  }
  pdf.paragraph(lineText(reading));
}

/** The PDF bytes of one stored waiver. */
export async function waiverPdf(copy: WaiverCopy): Promise<Buffer> {
  const { row, compiled, lang } = copy;
  const form = compiled.form;
  const title = formText(compiled.id, form.title, lang);
  const reference = row.reference ?? String(row.id);
  const reader = serverAnswerReader(compiled.id, lang);
  const pdf = new PdfWriter(lang === 'ar' ? 'rtl' : 'ltr', {
    title,
    subject: t('waiverCopyFormId', lang, { reference }),
    keywords: reference,
    createdAt: row.created_at,
    lang,
  });
  pdf.paragraph(title, { size: 18, bold: true });
  pdf.paragraph(t('waiverCopyFormId', lang, { reference }), { size: 12, bold: true, before: 4 });
  pdf.paragraph(t('waiverCopySignedAt', lang, { date: dohaTime(row.created_at, lang) }));
  pdf.rule();
  for (const section of form.sections) {
    if (section.title) pdf.paragraph(formText(compiled.id, section.title, lang), { size: 14, bold: true, before: 10 });
    for (const field of section.fields) {
      if (field.type === 'content') writeContent(pdf, copy, field);
      else writeAnswer(pdf, reader, field, row.data);
    }
  }
  pdf.rule();
  const evidence = (row.evidence ?? {}) as { formVersion?: number; formHash?: string; answersSha256?: string };
  pdf.paragraph(t('waiverCopyEvidence', lang), { size: 12, bold: true, before: 4 });
  pdf.paragraph(t('waiverCopyFormId', lang, { reference }), { size: 9 });
  pdf.paragraph(t('waiverCopyDefinition', lang, { form: compiled.id, version: String(evidence.formVersion ?? row.form_version ?? '') }), { size: 9 });
  pdf.paragraph(t('waiverCopyDefinitionHash', lang, { hash: evidence.formHash ?? row.form_hash ?? '' }), { size: 9 });
  pdf.paragraph(t('waiverCopyAnswersHash', lang, { hash: evidence.answersSha256 ?? '' }), { size: 9 });
  return pdf.bytes();
}
