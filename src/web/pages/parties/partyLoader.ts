// The loader of /p/:code, a party's page: which waiver, the day and whether the link still takes
// guests (GET /api/parties/page/{code}); while it does, the waiver's own form loader, with the
// party's visit date carried into the form as a value the page fills itself. An unknown code is
// Not Found in the page's languages.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { PartyPage } from '../../../engine/contract/parties.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import { apiRequest } from '../../api/client.ts';
import type { FormPageData } from '../../form/formLoader.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export type PartyPageData = PageData & { party: PartyPage } & Partial<FormPageData>;

export const loadPage: LoadPage<PageOf<'party'>, PartyPageData> = async ({ page, url, params, signal }) => {
  const code = params.code ?? '';
  const answer = await apiRequest<PartyPage>('GET', `/api/parties/page/${encodeURIComponent(code)}`, { signal });
  if (answer.status !== 200) throw new Response('Not Found', { status: 404 });
  const party = answer.body;
  if (party.state !== 'open') return { languages: page.languages, party };
  // The form's own loader module (its own chunk, as the form routes load it).
  const { loadPage: loadFormPage } = await import('../../form/formLoader.ts');
  const form = await loadFormPage({ page: { kind: 'form', form: party.form }, url, params, signal });
  const visitDate = { state: 'found' as const, value: party.visitDate, fromRoute: false };
  return { ...form, sourced: { ...form.sourced, [WAIVER_FIELDS.visitDate]: visitDate }, party };
};
