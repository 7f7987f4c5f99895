// The loader of /staff: what needs the account's attention (GET /api/console/home: per form this
// week beside last week, the lowest-rated submissions, unread alerts, follow-ups in progress; the
// server scopes every number) and every content collection and global (editors get edit links). A
// desk-only account never gets here (its guard sends it to the desk).
import { consoleForms } from 'virtual:route-set';
import type { ConsoleHome } from '../../../engine/contract/console-home.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { loadCompiledForm, loadFormTexts } from '../../form/loadForm.ts';
import { formText } from '../../../engine/text/messages.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import type { StaffMe } from '../../staff/requireStaff.ts';
import { staffGet } from '../../staff/staffRequest.ts';
import { staffMeOf } from '../../staff/staffPage.ts';
import type { ConsoleRef } from '../../staff/consoleAccess.ts';

export interface ContentSummary {
  id: string;
  /** The collection or global slug. */
  slug: string;
  global: boolean;
  /** The content form's title in the page's language. */
  title: string;
}

export interface HomeData extends PageData {
  me: StaffMe;
  attention: ConsoleHome;
  content: ContentSummary[];
}

export const loadPage: LoadPage<ConsoleRef, HomeData> = async ({ page, url, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const lang = pageLanguage(url, page.languages);
  const [attention, content] = await Promise.all([
    staffGet<ConsoleHome>('/api/console/home', signal),
    Promise.all(
      consoleForms.content.map(async (id) => {
        const { collection, form } = await loadCompiledForm(id);
        // A content form that names its readers (alert rules: admins) is listed for them only.
        if (form.access && !form.access.some((role) => me.roles.includes(role))) return null;
        await loadFormTexts(id, lang);
        return { id, slug: collection, global: form.submit.global === true, title: formText(id, form.title, lang) };
      }),
    ),
  ]);
  return { languages: page.languages, me, attention, content: content.filter((item) => item !== null) };
};
