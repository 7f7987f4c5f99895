// The loader of /employee/perks: the published perks of restaurants and partners.
import type { Lang } from '../../../engine/languages.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export interface PerksRef {
  kind: 'perks';
  languages: Lang[];
}

export interface Perk {
  slug: string;
  name: string;
  logo?: { url?: string } | null;
  category?: unknown;
  offer?: unknown;
  terms?: unknown;
}

export interface PerksData extends PageData {
  perks: Perk[];
}

export const loadPage: LoadPage<PerksRef, PerksData> = async ({ page, signal }) => {
  const list = await fetchOrNull<DocList<Perk>>(collectionQuery('perks', { limit: 200, sort: 'name' }), 'perks', signal);
  return { languages: page.languages, perks: list?.docs ?? [] };
};
