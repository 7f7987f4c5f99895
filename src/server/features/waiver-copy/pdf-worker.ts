// The worker thread that draws waiver copies (pdf-pool.ts): each job brings the stored row, the
// definition the guest saw and that definition's texts in the copy's language.
import { parentPort } from 'node:worker_threads';
import type { CompiledForm } from '../../../engine/compiled.ts';
import { addFormTexts } from '../../../engine/i18n.ts';
import type { Lang } from '../../../engine/languages.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { waiverPdf } from './waiver-pdf.ts';

export interface PdfJob {
  id: number;
  row: Omit<DocumentRow, 'created_at' | 'updated_at'> & { created_at: string };
  compiled: CompiledForm;
  lang: Lang;
  texts: Record<string, string>;
}

export type PdfAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

parentPort!.on('message', (job: PdfJob) => {
  addFormTexts(job.compiled.id, job.lang, job.texts);
  const row = { ...job.row, created_at: new Date(job.row.created_at), updated_at: new Date(job.row.created_at) } as DocumentRow;
  waiverPdf({ row, compiled: job.compiled, lang: job.lang }).then(
    (bytes) => parentPort!.postMessage({ id: job.id, bytes } satisfies PdfAnswer),
    (error: Error) => parentPort!.postMessage({ id: job.id, error: error.message } satisfies PdfAnswer),
  );
});
