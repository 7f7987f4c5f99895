// The loader of /staff/audit (admins): the audit log, newest first, 50 a page (?page=).
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { AuditLogEntry } from '../../../engine/contract/audit.ts';
import type { ListPage } from '../../../engine/contract/list-page.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { staffRequest } from '../../staff/staffRequest.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type AuditRef = PageOf<'staff-audit'>;

export interface AuditData extends PageData {
  entries: AuditLogEntry[];
  page: number;
  totalPages: number;
}

export const loadPage: LoadPage<AuditRef, AuditData> = async ({ page, url, signal }) => {
  const wanted = Number(url.searchParams.get('page'));
  const number = Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
  const answer = await staffRequest<ListPage<AuditLogEntry>>('GET', `/api/audit-log?limit=50&page=${number}`, undefined, signal);
  if (answer.status !== 200 || !answer.body) throw new Error(`Could not load the audit log: HTTP ${answer.status}`);
  return { languages: page.languages, entries: answer.body.docs, page: answer.body.page, totalPages: answer.body.totalPages };
};
