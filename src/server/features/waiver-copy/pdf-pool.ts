// Copies are drawn in worker threads (core/worker-pool.ts), never on the thread that answers
// requests: laying out a waiver (shaping every line) takes tens of milliseconds of CPU, up to
// seconds for the largest, and other guests are answered meanwhile. A signed waiver does not
// change, so each copy is drawn once and kept (waiver_copy_pdfs, migration 331: in the database,
// so it survives a restart and serves every instance; deleted with its submission and whenever its
// answers change). Per link (a submission in a language) one copy is drawn at a time: the others
// asking meanwhile wait for it. Per client (request.ip) one copy is drawn at a time, two more wait,
// further ones are refused (429); a full queue, or a copy that waited too long or ran past its
// budget, is refused with 503 and Retry-After, and only that copy's worker is ended.
import { initI18n } from '../../../engine/text/i18n.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { FormWithTexts } from '../../../engine/waivers/waiver-terms.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { ApiError } from '../../core/errors.ts';
import { JobOverran, WorkerPool } from '../../core/worker-pool.ts';
import type { PdfJob } from './pdf-worker.ts';

/** What drawing one copy may take once started (the largest waiver takes well under a second). */
export const PDF_BUDGET_MS = 20_000;
/** How long a copy may wait for a worker. */
const PDF_WAIT_MS = 10_000;
/** The longest a copy can take, waiting included. */
export const PDF_LONGEST_MS = PDF_WAIT_MS + PDF_BUDGET_MS;
const BUSY = 'The server is busy drawing other copies.';

export class CopyDrawer {
  private readonly pool = new WorkerPool<Uint8Array>({
    entry: new URL('./pdf-worker.ts', import.meta.url),
    workers: 2,
    heapMb: 256,
    queueLimit: 16,
    waitMs: PDF_WAIT_MS,
    busy: BUSY,
  });
  /** The copies being drawn here, by link. */
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Queryable) {}

  /** The copy kept of a submission in `lang`, and its Form ID (or id), if one is. */
  async kept(submissionId: number, lang: Lang): Promise<{ pdf: Buffer; reference: string } | null> {
    const { rows } = await this.db.query<{ pdf: Uint8Array; reference: string }>(
      'SELECT k.pdf, coalesce(d.reference, d.id::text) AS reference FROM waiver_copy_pdfs k JOIN documents d ON d.id = k.submission_id WHERE k.submission_id = $1 AND k.lang = $2',
      [submissionId, lang],
    );
    return rows[0] ? { pdf: Buffer.from(rows[0].pdf), reference: rows[0].reference } : null;
  }

  /** The copy of `row` in `lang`: the one kept, or drawn now for `client` (request.ip) and kept. */
  async copy(row: DocumentRow, compiled: FormWithTexts, lang: Lang, client: string): Promise<Buffer> {
    const kept = await this.kept(row.id, lang);
    if (kept) return kept.pdf;
    const link = `${row.id} ${lang}`;
    let drawn = this.drawing.get(link);
    if (!drawn) {
      drawn = this.draw(row, compiled, lang, client).finally(() => this.drawing.delete(link));
      this.drawing.set(link, drawn);
    }
    return drawn;
  }

  async stop(): Promise<void> {
    await this.pool.stop();
  }

  private async draw(row: DocumentRow, compiled: FormWithTexts, lang: Lang, client: string): Promise<Buffer> {
    // The texts of the version signed, in the copy's language (the running bundle only for a definition kept before versions were).
    const { texts: textsByLang, ...form } = compiled;
    const texts = (textsByLang[lang] ?? initI18n().getResourceBundle(lang, compiled.id) ?? {}) as Record<string, string>;
    const { created_at, updated_at: _updated, ...rest } = row;
    const job: PdfJob = { row: { ...rest, created_at: created_at.toISOString() }, compiled: form, lang, texts };
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await this.pool.run(client, job, PDF_BUDGET_MS));
    } catch (error) {
      if (!(error instanceof JobOverran)) throw error;
      throw new ApiError(
        503,
        { errors: [{ message: `The copy could not be drawn in time. Please try again in ${PDF_WAIT_MS / 1000} seconds.` }] },
        { 'retry-after': String(PDF_WAIT_MS / 1000) },
      );
    }
    // Kept only while the row still holds what was drawn (an erasure or a change meanwhile leaves nothing kept).
    await this.db.query(
      `INSERT INTO waiver_copy_pdfs (submission_id, lang, pdf)
       SELECT id, $2, $3 FROM documents WHERE id = $1 AND data = $4::jsonb AND evidence IS NOT DISTINCT FROM $5::jsonb
       ON CONFLICT DO NOTHING`,
      [row.id, lang, bytes, JSON.stringify(row.data), row.evidence === null || row.evidence === undefined ? null : JSON.stringify(row.evidence)],
    );
    return bytes;
  }
}
