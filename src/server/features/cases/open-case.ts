// The case a signed token opens (case-link.ts): its submission, of a form that takes replies (a
// contact, not confidential). Altered, expired or of any other form: none, like an unknown address.
// One check for the guest's API, their page and a reply by email.
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { takesReplies } from '../../../engine/contract/cases.ts';
import { readCaseToken } from './case-link.ts';
import { guestLanguage } from './case-guest.ts';

export interface OpenCase {
  collection: Collection;
  row: DocumentRow;
  /** The guest's language (their page language at submission). */
  lang: Lang;
}

export async function openCase(ctx: ServerContext, token: string): Promise<OpenCase | null> {
  return caseOfSubmission(ctx, readCaseToken(ctx.jwtSecret, token));
}

/** The case of a submission a signed token or reply address named (null: it named none). */
export async function caseOfSubmission(ctx: ServerContext, documentId: number | null): Promise<OpenCase | null> {
  if (documentId === null) return null;
  const { rows } = await ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [documentId]);
  const collection = rows[0] && ctx.registry.collections.get(rows[0].collection);
  const compiled = collection?.form?.compiled;
  if (!rows[0] || !collection || !compiled || !takesReplies(compiled)) return null;
  return { collection, row: rows[0], lang: await guestLanguage(ctx.db, compiled, rows[0]) };
}

/** The guest's own words at submission: the free-text (textarea) answers, in the form's order. */
export function guestComments({ collection, row }: Pick<OpenCase, 'collection' | 'row'>): string[] {
  const compiled = collection.form!.compiled;
  return dataFields(compiled.form)
    .filter((field) => field.type === 'textarea')
    .map((field) => row.data[field.name])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim());
}
