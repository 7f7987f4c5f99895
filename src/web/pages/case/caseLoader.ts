// The loader of /reply/:token, the guest's case page: their own case by the signed token of the
// link in a reply's mail (GET /api/case/{token}, with the pages' key). An altered or expired link is
// Not Found, in the languages the page declares (?lang of the link). Without ?lang the page is in
// the guest's language (the one they answered the form in).
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { GuestCase } from '../../../engine/contract/cases.ts';
import { apiRequest } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type CaseRef = PageOf<'case'>;

export interface CaseData extends PageData {
  guestCase: GuestCase;
  token: string;
}

export const loadPage: LoadPage<CaseRef, CaseData> = async ({ page, params, signal }) => {
  const token = params.token ?? '';
  const answer = await apiRequest<GuestCase>('GET', `/api/case/${encodeURIComponent(token)}`, { signal });
  if (answer.status !== 200) throw new Response('Not Found', { status: 404 });
  const guest = answer.body.lang;
  return { languages: page.languages, unaskedLanguage: guest, guestCase: answer.body, token };
};
