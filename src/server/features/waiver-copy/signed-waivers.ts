// Finding a signed waiver for staff, access-checked by THE check (core/access/submission-access.ts):
// by row id within a form (the console's download) or by the Form ID across every form that keeps
// evidence (the verify page). A waiver the caller may not read is not found, whatever the reason.
import { createHash } from 'node:crypto';
import type { Caller } from '../../core/access/caller.ts';
import { readableSql } from '../../core/access/submission-access.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { canonicalJson } from '../../core/forms/evidence.ts';
import { normalizeReference } from '../../core/forms/reference.ts';
import type { Collection, Registry } from '../../core/registry.ts';

export interface SignedWaiver {
  collection: Collection;
  row: DocumentRow;
}

/** The submission collections of forms that record evidence (waivers). */
export const evidenceCollections = (registry: Registry): Collection[] =>
  [...registry.collections.values()].filter((collection) => collection.kind === 'submissions' && collection.form?.compiled.form.submit.evidence);

export async function waiverById(db: Queryable, registry: Registry, caller: Caller, collection: Collection, id: number): Promise<DocumentRow | null> {
  const params: unknown[] = [collection.slug, id];
  const sql = `SELECT * FROM documents WHERE collection = $1 AND id = $2 AND evidence IS NOT NULL AND ${readableSql(caller, registry, collection, params)}`;
  const { rows } = await db.query<DocumentRow>(sql, params);
  return rows[0] ?? null;
}

export async function waiverByReference(db: Queryable, registry: Registry, caller: Caller, reference: string): Promise<SignedWaiver | null> {
  const wanted = normalizeReference(reference.trim());
  for (const collection of evidenceCollections(registry)) {
    const params: unknown[] = [collection.slug, wanted];
    const condition = readableSql(caller, registry, collection, params);
    if (condition === 'false') continue;
    const { rows } = await db.query<DocumentRow>(
      `SELECT * FROM documents WHERE collection = $1 AND reference = $2 AND evidence IS NOT NULL AND ${condition}`,
      params,
    );
    if (rows[0]) return { collection, row: rows[0] };
  }
  return null;
}

/** The stored answers, hashed again exactly as when they were signed, against the recorded fingerprint. */
export function answersMatch(row: DocumentRow): boolean {
  const recorded = (row.evidence as { answersSha256?: unknown } | null)?.answersSha256;
  return typeof recorded === 'string' && createHash('sha256').update(canonicalJson(row.data)).digest('hex') === recorded;
}

/**
 * The Form ID a copy of ours carries in its document information (/Keywords, as waiver-pdf.ts
 * writes it), read from the bytes with one bounded pattern: nothing else of an uploaded file is
 * parsed or trusted (the stored row is what is checked). A copy re-saved by another program that
 * compressed its information dictionary has none: the page then asks for the Form ID.
 */
export function referenceInPdf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return null;
  const text = bytes.toString('latin1');
  // pdfkit writes each information value as an object of its own: /Keywords 20 0 R ... 20 0 obj (K7QM-4XW2-9D)
  const direct = /\/Keywords\s*\(([0-9A-Za-z-]{10,14})\)/.exec(text)?.[1];
  const object = /\/Keywords\s+(\d{1,7})\s+0\s+R/.exec(text)?.[1];
  const indirect = object ? new RegExp(`(?:^|\\s)${object}\\s+0\\s+obj\\s*\\(([0-9A-Za-z-]{10,14})\\)`).exec(text)?.[1] : undefined;
  const found = direct ?? indirect;
  return found ? normalizeReference(found) : null;
}
