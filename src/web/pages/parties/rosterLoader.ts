// The loader of /p/roster/:token, the organiser's roster by the signed link mailed to them
// (GET /api/parties/roster/{token}, with the pages' key). An altered or expired link is Not Found;
// without ?lang the page is in the organiser's language.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { PartyRoster } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { apiRequest } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export interface RosterData extends PageData {
  roster: PartyRoster;
  /** The roster's ETag: the page asks again with it (304 while nothing changed). */
  etag: string | null;
  rosterPath: string;
}

export const rosterPath = (token: string) => `/api/parties/roster/${encodeURIComponent(token)}`;

export const loadPage: LoadPage<PageOf<'party-roster'>, RosterData> = async ({ page, params, signal }) => {
  const path = rosterPath(params.token ?? '');
  const answer = await apiRequest<PartyRoster>('GET', path, { signal });
  if (answer.status !== 200) throw new Response('Not Found', { status: 404 });
  return { languages: page.languages, unaskedLanguage: answer.body.lang as Lang, roster: answer.body, etag: answer.etag ?? null, rosterPath: path };
};
