// The loader of /employee-benefits: the benefit categories and every current benefit (expired
// and draft ones never leave the server). Tabs, search and the detail view work on this list.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type BenefitsRef = PageOf<'benefits'>;

export interface BenefitCategory {
  slug: string;
  name: unknown;
}

export interface Benefit {
  slug: string;
  category: string;
  featured?: boolean;
  title: unknown;
  summary?: unknown;
  body?: unknown;
  discounts?: { brand?: string; text?: unknown }[];
  contact?: { name?: unknown; email?: string; phone?: string } | null;
  attachments?: { label?: unknown; url?: string }[];
}

export interface BenefitsData extends PageData {
  categories: BenefitCategory[];
  benefits: Benefit[];
}

export const loadPage: LoadPage<BenefitsRef, BenefitsData> = async ({ page, signal }) => {
  const [categories, benefits] = await Promise.all([
    fetchOrNull<DocList<BenefitCategory>>(collectionQuery('benefit-categories', { limit: 100, sort: 'order' }), 'benefit categories', signal),
    fetchOrNull<DocList<Benefit>>(collectionQuery('benefits', { limit: 500, sort: 'slug' }), 'benefits', signal),
  ]);
  return { languages: page.languages, categories: categories?.docs ?? [], benefits: benefits?.docs ?? [] };
};
