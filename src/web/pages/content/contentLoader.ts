// Loaders of the content pages: /staff/content/:collection (the documents, for every staff
// member) and the editing pages /staff/content/:collection/:id, /staff/content/:collection/new
// and /staff/globals/:global (editors and admins), which render the collection's content form.
import { consoleForms } from 'virtual:route-set';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { documentToAnswers } from '../../../engine/compiler/content-shape.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText } from '../../../engine/text/messages.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { pageLanguage } from '../../shell/pageLanguage.ts';
import { loadCompiledForm, loadForm, loadFormTexts, type LoadedForm } from '../../form/loadForm.ts';
import { loadOptionDocs, type OptionDocs } from '../../form/optionLists.ts';
import type { UploadedFile } from '../../form/context.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { type Page, staffGet } from '../../staff/staffRequest.ts';
import { notFound, type ConsoleRef } from '../../staff/consoleAccess.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

/** The content form of a collection or global, by the console's naming rule (forms:check enforces it). */
function contentFormId(slug: string | undefined): string {
  const id = `content-${slug ?? ''}`;
  if (!consoleForms.content.includes(id)) throw notFound();
  return id;
}

async function formWithTexts(id: string, url: URL, languages: readonly Lang[]): Promise<{ compiled: CompiledForm; lang: Lang }> {
  const compiled = await loadCompiledForm(id);
  const lang = pageLanguage(url, languages);
  await loadFormTexts(id, lang);
  return { compiled, lang };
}

export interface ContentListData extends PageData {
  me: StaffMe;
  compiled: CompiledForm;
  title: string;
  docs: Record<string, unknown>[];
}

export const loadList: LoadPage<ConsoleRef, ContentListData> = async ({ page, url, params, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const { compiled, lang } = await formWithTexts(contentFormId(params.collection), url, page.languages);
  if (compiled.form.submit.global) throw notFound();
  const list = await staffGet<Page<Record<string, unknown>>>(`/api/${encodeURIComponent(compiled.collection)}?limit=500&depth=0&sort=createdAt`, signal);
  return { languages: page.languages, me, compiled, title: formText(compiled.id, compiled.form.title, lang), docs: list.docs };
};

export interface ContentEditData extends PageData {
  loaded: LoadedForm;
  /** The collection or global slug; id null: a new document, or a global. */
  slug: string;
  id: string | null;
  global: boolean;
  answers: Record<string, unknown>;
  /** The files the document holds (uploads as Payload populates them), by id: the form shows their names. */
  uploads: Record<string, UploadedFile>;
  optionDocs: OptionDocs;
}

/** Every upload in a document, wherever a content form keeps it (a logo per theme, a row of attachments). */
function uploadsIn(value: unknown, found: Record<string, UploadedFile> = {}): Record<string, UploadedFile> {
  if (Array.isArray(value)) value.forEach((item) => uploadsIn(item, found));
  else if (value && typeof value === 'object') {
    const { id, filename, filesize } = value as Record<string, unknown>;
    if ((typeof id === 'number' || typeof id === 'string') && typeof filename === 'string') found[String(id)] = { name: filename, size: typeof filesize === 'number' ? filesize : 0 };
    for (const inner of Object.values(value)) uploadsIn(inner, found);
  }
  return found;
}

export const loadEdit: LoadPage<ConsoleRef, ContentEditData> = async ({ page, url, params, signal }) => {
  const global = params.global !== undefined;
  const slug = (global ? params.global : params.collection) ?? '';
  const formId = contentFormId(slug);
  const [loaded] = await Promise.all([loadForm(formId), formWithTexts(formId, url, page.languages)]);
  if ((loaded.compiled.form.submit.global === true) !== global) throw notFound();
  const id = global || params.id === 'new' ? null : (params.id ?? null);
  if (id !== null && !/^\d{1,9}$/.test(id)) throw notFound();
  const path = global ? `/api/globals/${encodeURIComponent(slug)}` : id ? `/api/${encodeURIComponent(slug)}/${id}?depth=0` : null;
  const [doc, optionDocs] = await Promise.all([path ? staffGet<Record<string, unknown>>(path, signal) : {}, loadOptionDocs(loaded.compiled.form)]);
  return { languages: page.languages, loaded, slug, id, global, answers: documentToAnswers(loaded.compiled.form, doc), uploads: uploadsIn(doc), optionDocs };
};
