// The loader of /staff: every form with its number of submissions (for those who may read them)
// and every content collection and global (for every staff member; editors get edit links).
import { consoleForms } from 'virtual:route-set';
import type { LocalizedText } from '../../../engine/definition.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { loadCompiledForm, loadFormTexts } from '../../form/loadForm.ts';
import { formText } from '../../../engine/messages.ts';
import { insightQuestions } from '../../../engine/insight-questions.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import { requireStaff, staffCan, type ConsoleRef, type StaffMe } from './consoleAccess.ts';
import { staffGet } from './staffApi.ts';

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
}

export const loadPage: LoadPage<ConsoleRef, HomeData> = async ({ page, url, signal }) => {
  const me = await requireStaff(url);
  const lang = pageLanguage(url, page.languages);
  const [forms, content] = await Promise.all([
    staffCan(me, 'read-submissions') ? Promise.all(consoleForms.submissions.map((id) => formSummary(id, signal))) : [],
    Promise.all(consoleForms.content.map(async (id) => {
      const { collection, form } = await loadCompiledForm(id);
      await loadFormTexts(id, lang);
      return { id, slug: collection, global: form.submit.global === true, title: formText(id, form.title, lang) };
    })),
  ]);
  return { languages: page.languages, me, forms, content };
};

async function formSummary(id: string, signal: AbortSignal): Promise<FormSummary> {
  const compiled = await loadCompiledForm(id);
  const { totalDocs } = await staffGet<{ totalDocs: number }>(`/api/${encodeURIComponent(compiled.collection)}/count`, signal);
  const titles = (await import('virtual:route-set/form-titles')).default;
  return { id, collection: compiled.collection, title: titles[id] ?? { en: id }, count: totalDocs, insights: insightQuestions(compiled.form).length > 0 };
}
