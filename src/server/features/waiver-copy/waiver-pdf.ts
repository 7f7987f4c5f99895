// The guest's signed copy of a waiver as a PDF: the definition the guest saw (every heading,
// checklist, note and term, in the language they signed in), every answer with choices by their
// labels, dependents, the signature as vectors, the Form ID, the time in Doha, and the evidence
// (definition version and hash, answers SHA-256). The Form ID is also in the file's metadata
// (Keywords), which is all the verify page reads of an uploaded copy.
import type { CompiledForm, ResolvedDataField, ResolvedField } from '../../../engine/compiled.ts';
import type { Lang } from '../../../engine/languages.ts';
import { formText, t } from '../../../engine/messages.ts';
import { parseRichText, type RichNode } from '../../../engine/rich-text.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { signatureStrokes } from '../collections/index.ts';
import { PdfWriter } from './pdf-writer.ts';

type Data = Record<string, unknown>;

/** The digits the guest's pages show: Arabic-Indic in Arabic, Latin otherwise. */
const dateLocale = (lang: Lang) => (lang === 'ar' ? 'ar-u-nu-arab' : `${lang}-u-nu-latn`);

export function dohaTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Qatar' }).format(date);
}

const plain = (nodes: RichNode[]): string => nodes.map((node) => ('text' in node ? node.text : plain(node.children))).join('');

/** A rich text (terms, checklist items) as plain paragraphs, list items with a bullet. */
function paragraphsOf(source: string): string[] {
  return parseRichText(source).flatMap((block) => (block.type === 'p' ? [plain(block.children)] : block.children.map((item, index) => `${block.type === 'ol' ? `${index + 1}.` : '•'} ${plain((item as { children: RichNode[] }).children)}`)));
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

export interface WaiverCopy {
  row: DocumentRow;
  /** The definition the guest saw (its hash is the row's). */
  compiled: CompiledForm;
  lang: Lang;
}

function answerText(copy: WaiverCopy, field: ResolvedDataField, value: unknown): string {
  const text = (key: string) => formText(copy.compiled.id, key, copy.lang);
  const options = 'options' in field && Array.isArray(field.options) ? field.options : [];
  const label = (item: unknown) => {
    const option = options.find((candidate) => candidate.value === item);
    return option ? text(option.label) : String(item);
  };
  if (field.type === 'consent') return t(value === true ? 'waiverCopyYes' : 'waiverCopyNo', copy.lang);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return label(value);
}

function labelOf(copy: WaiverCopy, field: ResolvedDataField): string {
  return 'label' in field && field.label ? formText(copy.compiled.id, field.label, copy.lang) : field.name;
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

function writeAnswer(pdf: PdfWriter, copy: WaiverCopy, field: ResolvedDataField, data: Data): void {
  const value = data[field.name];
  if (field.type === 'hidden' || !present(value)) return;
  pdf.paragraph(labelOf(copy, field), { size: 9.5, grey: true, before: 6 });
  if (field.type === 'signature') {
    const signature = signatureStrokes(value);
    if (signature) pdf.signature(signature);
    return;
  }
  if (field.type === 'repeat') {
    const items = Array.isArray(value) ? (value as Data[]) : [];
    items.forEach((item, index) => {
      pdf.paragraph(formText(copy.compiled.id, field.itemLabel, copy.lang, { n: index + 1 }), { bold: true, before: 4, indent: 10 });
      for (const sub of field.fields as ResolvedDataField[]) {
        if (!present(item?.[sub.name])) continue;
        pdf.paragraph(`${labelOf(copy, sub)}: ${answerText(copy, sub, item[sub.name])}`, { indent: 20 });
      }
    });
    return;
  }
  pdf.paragraph(answerText(copy, field, value));
}

/** The PDF bytes of one stored waiver. */
export async function waiverPdf(copy: WaiverCopy): Promise<Buffer> {
  const { row, compiled, lang } = copy;
  const form = compiled.form;
  const title = formText(compiled.id, form.title, lang);
  const reference = row.reference ?? String(row.id);
  const pdf = new PdfWriter(lang === 'ar' ? 'rtl' : 'ltr', { title, subject: t('waiverCopyFormId', lang, { reference }), keywords: reference, createdAt: row.created_at, lang });
  pdf.paragraph(title, { size: 18, bold: true });
  pdf.paragraph(t('waiverCopyFormId', lang, { reference }), { size: 12, bold: true, before: 4 });
  pdf.paragraph(t('waiverCopySignedAt', lang, { date: dohaTime(row.created_at, lang) }));
  pdf.rule();
  for (const section of form.sections) {
    if (section.title) pdf.paragraph(formText(compiled.id, section.title, lang), { size: 14, bold: true, before: 10 });
    for (const field of section.fields) {
      if (field.type === 'content') writeContent(pdf, copy, field);
      else writeAnswer(pdf, copy, field, row.data);
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
