// The loader of /staff/forms/:form/:id: one submission with its uploads (depth 1: their
// documents, served only to staff). The server records the read in its audit log.
import type { CompiledForm } from '../../../engine/compiled.ts';
import type { Lang } from '../../../engine/languages.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { notFound, requireStaff, type ConsoleRef } from './consoleAccess.ts';
import { staffGet } from './staffApi.ts';
import { consoleForm, type Submission } from './submissionsLoader.ts';

export interface SubmissionData extends PageData {
  compiled: CompiledForm;
  textLang: Lang;
  doc: Submission & { updatedAt?: string; evidence?: Record<string, unknown> };
}

export const loadPage: LoadPage<ConsoleRef, SubmissionData> = async ({ page, url, params, signal }) => {
  const me = await requireStaff(url, 'read-submissions');
  const { compiled, textLang } = await consoleForm(params.form, url, page.languages, me);
  if (!/^\d{1,9}$/.test(params.id ?? '')) throw notFound();
  const doc = await staffGet<SubmissionData['doc']>(`/api/${encodeURIComponent(compiled.collection)}/${params.id}?depth=1`, signal);
  return { languages: page.languages, compiled, textLang, doc };
};
