// The loader of /staff/forms/:form/:id: one submission with its uploads (depth 1: their
// documents, served only to staff) and its follow-up, and who the follow-up may be given to.
// The server records the read in its audit log.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { FollowUp, FollowUpAssignees, StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { SignedTermsAnswer } from '../../../engine/contract/waivers.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

import { staffGet, staffRequest } from '../../staff/staffRequest.ts';
import { notFound, type ConsoleRef } from '../../staff/consoleAccess.ts';
import { consoleForm, type Submission } from './submissionsLoader.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

export interface SubmissionData extends PageData {
  compiled: CompiledForm;
  textLang: Lang;
  doc: Submission & { updatedAt?: string; evidence?: Record<string, unknown>; followUp: FollowUp };
  /** Who its follow-up may be given to: staff who may read this form. */
  assignees: StaffMember[];
  /** A waiver's: the terms the guest saw (null when the version they saw was not kept). */
  signedTerms: SignedTermsAnswer | null;
}

export const loadPage: LoadPage<ConsoleRef, SubmissionData> = async ({ page, url, params, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const { compiled, textLang } = await consoleForm(params.form, url, page.languages, me);
  if (!/^\d{1,9}$/.test(params.id ?? '')) throw notFound();
  const collection = `/api/${encodeURIComponent(compiled.collection)}`;
  const evidence = compiled.form.submit.evidence === true;
  const [doc, assignees, terms] = await Promise.all([
    staffGet<SubmissionData['doc']>(`${collection}/${params.id}?depth=1`, signal),
    staffGet<FollowUpAssignees>(`${collection}/followup-assignees`, signal),
    evidence ? staffRequest<SignedTermsAnswer>('GET', `/api/waivers/${params.id}/terms`, undefined, signal) : null,
  ]);
  // 404: a waiver signed before form versions were kept; any other refusal stops the page like the submission's own.
  if (terms && terms.status !== 200 && terms.status !== 404) throw new Response(null, { status: terms.status });
  return { languages: page.languages, compiled, textLang, doc, assignees: assignees.docs, signedTerms: terms?.status === 200 ? terms.body : null };
};
