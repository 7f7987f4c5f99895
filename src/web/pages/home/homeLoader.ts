// The loader of /staff: every form the account reads with its number of submissions (a manager's:
// those of its venues) and every content collection and global (for every staff member with console
// pages; editors get edit links). A desk-only account never gets here (consoleAccess.ts sends it to the desk).
import { consoleForms } from 'virtual:route-set';
import type { LocalizedText } from '../../../engine/definition.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { loadCompiledForm, loadFormTexts } from '../../form/loadForm.ts';
import { formText } from '../../../engine/messages.ts';
import { insightQuestions } from '../../../engine/insight-questions.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import { type StaffMe, requireStaff } from '../../staff/requireStaff.ts';
import { staffGet } from '../../staff/staffRequest.ts';
import { hasConsolePages, readsForm, type ConsoleRef } from '../../staff/consoleAccess.ts';

export interface FormSummary {
  id: string;
  collection: string;
  title: LocalizedText;
  count: number;
  /** The form has ratings or scales the insights page draws. */
  insights: boolean;
}

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
  forms: FormSummary[];
  content: ContentSummary[];
  /** Alerts about what the staff member may read, not yet read by them. */
  unreadAlerts: number;
}

export const loadPage: LoadPage<ConsoleRef, HomeData> = async ({ page, url, signal }) => {
  const me = await requireStaff(url, undefined, { console: true });
  const lang = pageLanguage(url, page.languages);
  if (!hasConsolePages(me)) return { languages: page.languages, me, forms: [], content: [], unreadAlerts: 0 };
  const [forms, content, alerts] = await Promise.all([
    Promise.all(consoleForms.submissions.map((id) => formSummary(id, me, signal))).then((summaries) => summaries.filter((summary) => summary !== null)),
    Promise.all(consoleForms.content.map(async (id) => {
      const { collection, form } = await loadCompiledForm(id);
      // A content form that names its readers (alert rules: admins) is listed for them only.
      if (form.access && !form.access.some((role) => me.roles.includes(role))) return null;
      await loadFormTexts(id, lang);
      return { id, slug: collection, global: form.submit.global === true, title: formText(id, form.title, lang) };
    })),
    staffGet<{ unread: number }>('/api/alerts/unread', signal),
  ]);
  return { languages: page.languages, me, forms, content: content.filter((item) => item !== null), unreadAlerts: alerts.unread };
};

/** The form's line, or null when the account reads none of its submissions. */
async function formSummary(id: string, me: StaffMe, signal: AbortSignal): Promise<FormSummary | null> {
  const compiled = await loadCompiledForm(id);
  if (!readsForm(me, compiled)) return null;
  const { totalDocs } = await staffGet<{ totalDocs: number }>(`/api/${encodeURIComponent(compiled.collection)}/count`, signal);
  const titles = (await import('virtual:route-set/form-titles')).default;
  return { id, collection: compiled.collection, title: titles[id] ?? { en: id }, count: totalDocs, insights: insightQuestions(compiled.form).length > 0 };
}
