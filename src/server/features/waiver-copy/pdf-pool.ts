// Copies are drawn in a worker thread, never on the thread that answers requests: laying out a
// waiver (shaping every line) takes tens of milliseconds of CPU, more on a busy machine, and other
// guests are answered meanwhile. One worker, started on the first copy, ended after a minute
// without work; a copy that takes longer than its budget ends the worker and is refused.
import { Worker } from 'node:worker_threads';
import { initI18n } from '../../../engine/i18n.ts';
import type { Lang } from '../../../engine/languages.ts';
import type { FormWithTexts } from '../../../engine/waiver-terms.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { PdfAnswer, PdfJob } from './pdf-worker.ts';

const BOOT = new URL('./pdf-worker.mjs', import.meta.url);
const ENTRY = new URL('./pdf-worker.ts', import.meta.url).href;
export const PDF_BUDGET_MS = 20_000;
const IDLE_MS = 60_000;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class PdfPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private idle: NodeJS.Timeout | undefined;

  draw(row: DocumentRow, compiled: FormWithTexts, lang: Lang): Promise<Buffer> {
    const worker = this.started();
    clearTimeout(this.idle);
    const id = ++this.lastId;
    // The texts of the version signed, in the copy's language (the running bundle only for a definition kept before versions were).
    const { texts: textsByLang, ...form } = compiled;
    const texts = (textsByLang[lang] ?? initI18n().getResourceBundle(lang, compiled.id) ?? {}) as Record<string, string>;
    const { created_at, updated_at: _updated, ...rest } = row;
    const job: PdfJob = { id, row: { ...rest, created_at: created_at.toISOString() }, compiled: form, lang, texts };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('The copy took too long to draw.')), PDF_BUDGET_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage(job);
    });
  }

  async stop(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.fail(new Error('The server is stopping.'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.on('message', (answer: PdfAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      clearTimeout(waiting.timer);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(Buffer.from(answer.bytes));
      if (this.pending.size === 0) this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(new Error('The copy worker stopped.'));
    });
    this.worker = worker;
    return worker;
  }

  /** Every copy waiting is refused and the worker ended (the next copy starts a new one). */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
    void worker?.terminate();
  }
}
