// The loader of /staff/waivers: the waiver desk (desk and admins). The search is the URL's ?q=, so a
// search is a plain GET form (Enter searches, Back returns to the previous one); the server finds
// the waivers (GET /api/waivers/search) and says, in the page's language, when it needs more or
// when this account searched too often. Beside it, today's parties of the desk's attractions.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { WaiverSearchAnswer } from '../../../engine/contract/waivers.ts';
import type { PartiesToday } from '../../../engine/contract/parties.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import { t } from '../../../engine/text/messages.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

export interface WaiverDeskData extends PageData {
  me: StaffMe;
  /** The words searched, as typed ('' before the first search). */
  q: string;
  found: WaiverSearchAnswer | null;
  /** Why the search was refused, in the page's language: the server's words (it names too little), or too many searches. */
  problem: string | null;
  /** Today's parties of the desk's attractions (GET /api/parties/today) and its ETag, asked again by the page. */
  parties: { today: PartiesToday; etag: string | null } | null;
}

export const loadPage: LoadPage<PageOf<'staff-waivers'>, WaiverDeskData> = async ({ page, url, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const q = url.searchParams.get('q') ?? '';
  const today = await staffRequest<PartiesToday>('GET', '/api/parties/today', undefined, signal);
  const parties = today.status === 200 && today.body ? { today: today.body, etag: today.headers.get('etag') } : null;
  const base = { languages: page.languages, me, q, found: null, problem: null, parties };
  if (!q.trim()) return base;
  const lang = pageLanguage(url, page.languages);
  const query = new URLSearchParams({ q, locale: lang });
  const answer = await staffRequest<WaiverSearchAnswer>('GET', `/api/waivers/search?${query}`, undefined, signal);
  if (answer.status === 400) return { ...base, problem: refusalOf(answer.body).fields[0]?.message ?? 'Bad request' };
  if (answer.status === 429) return { ...base, problem: t('staffWaiverTooMany', lang) };
  if (answer.status !== 200 || !answer.body) throw new Response(null, { status: answer.status });
  return { ...base, found: answer.body };
};
