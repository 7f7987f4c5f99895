// The loader of /docs/:slug: the published document with that slug (drafts never leave the
// server); none is Not Found.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type DocumentRef = PageOf<'document'>;

export interface ContentDocument {
  slug: string;
  title: unknown;
  body?: unknown;
  pdf?: { url?: string; filename?: string } | null;
}

export interface DocumentData extends PageData {
  doc: ContentDocument;
}

export const loadPage: LoadPage<DocumentRef, DocumentData> = async ({ page, params, signal }) => {
  const slug = params.slug ?? '';
  const list = await fetchOrNull<DocList<ContentDocument>>(collectionQuery('documents', { 'where[slug][equals]': slug, limit: 1 }), 'document', signal);
  const doc = list?.docs?.[0];
  if (!doc) throw new Response('Not Found', { status: 404 });
  return { languages: page.languages, doc };
};
