// The loader of /staff/forms/:form/:id: one submission with its uploads (depth 1: their
// documents, served only to staff) and its follow-up, and who the follow-up may be given to.
// The server records the read in its audit log.
import type { CompiledForm } from '../../../engine/compiled.ts';
import type { FollowUp, FollowUpAssignees, StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/languages.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { notFound, requireStaff, type ConsoleRef } from './consoleAccess.ts';
import { staffGet } from './staffApi.ts';
import { consoleForm, type Submission } from './submissionsLoader.ts';

export interface SubmissionData extends PageData {
  compiled: CompiledForm;
  textLang: Lang;
  doc: Submission & { updatedAt?: string; evidence?: Record<string, unknown>; followUp: FollowUp };
  /** Who its follow-up may be given to: staff who may read this form. */
  assignees: StaffMember[];
}

export const loadPage: LoadPage<ConsoleRef, SubmissionData> = async ({ page, url, params, signal }) => {
  await requireStaff(url, 'read-submissions');
  const { compiled, textLang } = await consoleForm(params.form, url, page.languages);
  if (!/^\d{1,9}$/.test(params.id ?? '')) throw notFound();
  const collection = `/api/${encodeURIComponent(compiled.collection)}`;
  const [doc, assignees] = await Promise.all([staffGet<SubmissionData['doc']>(`${collection}/${params.id}?depth=1`, signal), staffGet<FollowUpAssignees>(`${collection}/followup-assignees`, signal)]);
  return { languages: page.languages, compiled, textLang, doc, assignees: assignees.docs };
};
