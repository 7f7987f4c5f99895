// The loaders of the careers pages: a brand's open positions (routes.json kind 'careers') and one
// position by its slug (kind 'position'). Closed and draft positions never leave the server.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LocalizedText } from '../../../engine/definition/definition.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export interface Position {
  slug: string;
  title: unknown;
  department?: unknown;
  location?: unknown;
  description?: unknown;
  closing_date?: string;
}

export interface CareersData extends PageData {
  title: LocalizedText;
  positions: Position[];
}

export interface PositionData extends PageData {
  position: Position;
}

const positionsOf = (brand: string, params: Record<string, string | number>, signal: AbortSignal) =>
  fetchOrNull<DocList<Position>>(collectionQuery('positions', { 'where[brand][equals]': brand, ...params }), 'positions', signal);

export const loadCareers: LoadPage<PageOf<'careers'>, CareersData> = async ({ page, signal }) => {
  const list = await positionsOf(page.brand, { limit: 100, sort: 'closing_date' }, signal);
  return { languages: page.languages, title: page.title, positions: list?.docs ?? [] };
};

export const loadPosition: LoadPage<PageOf<'position'>, PositionData> = async ({ page, params, signal }) => {
  const list = await positionsOf(page.brand, { 'where[slug][equals]': params.position ?? '', limit: 1 }, signal);
  const position = list?.docs?.[0];
  if (!position) throw new Response('Not Found', { status: 404 });
  return { languages: page.languages, position };
};
