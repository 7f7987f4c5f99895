// The worker thread that draws waiver copies (pdf-pool.ts): each job brings the stored row, the
// definition the guest saw and that definition's texts in the copy's language.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { addFormTexts } from '../../../engine/text/i18n.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { serveJobs } from '../../core/worker-thread.ts';
import { PdfWriter } from './pdf-writer.ts';
import { waiverPdf } from './waiver-pdf.ts';

export interface PdfJob {
  row: Omit<DocumentRow, 'created_at' | 'updated_at'> & { created_at: string };
  compiled: CompiledForm;
  lang: Lang;
  texts: Record<string, string>;
}

/** A page in both scripts and both weights, drawn before the worker is ready: its first copy then takes what the others do (it took 0.7 s more, fonts and shaping compiled). */
async function warmUp(): Promise<void> {
  const pdf = new PdfWriter('rtl', { title: 'warm-up', subject: '', keywords: '', createdAt: new Date(0), lang: 'ar' });
  pdf.paragraph('إقرار وتنازل Waiver 1', { size: 18, bold: true });
  pdf.paragraph('الاسم Name: نور Noor');
  await pdf.bytes();
}

await serveJobs<PdfJob, Uint8Array>(async (job) => {
  addFormTexts(job.compiled.id, job.lang, job.texts);
  const row = { ...job.row, created_at: new Date(job.row.created_at), updated_at: new Date(job.row.created_at) } as DocumentRow;
  const bytes = new Uint8Array(await waiverPdf({ row, compiled: job.compiled, lang: job.lang }));
  return { answer: bytes, transfer: [bytes.buffer as ArrayBuffer] };
}, warmUp);
