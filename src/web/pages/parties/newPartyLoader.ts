// The loader of /p/new, the organiser's page: the attractions whose waivers groups may sign through one link (GET /api/parties/forms).
import type { PageOf } from '../../../engine/contract/routes.ts';
import { fetchOrNull } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import type { PartyFormChoice } from '../../ui/PartyFields.tsx';

export interface NewPartyData extends PageData {
  choices: PartyFormChoice[];
  title: Record<string, string>;
}

export const loadPage: LoadPage<PageOf<'party-new'>, NewPartyData> = async ({ page, signal }) => {
  const answer = await fetchOrNull<{ docs: PartyFormChoice[] }>('/api/parties/forms', 'party waivers', signal);
  return { languages: page.languages, choices: answer?.docs ?? [], title: page.title };
};
