// The loader of a form route: the form's artefacts and, as soon as the compiled form is known,
// what it reads from the backend (the document the address names, option lists), all at once,
// and for a form with a country question the country names in the page's language (its value is a name).
import type { PageOf } from '../../engine/contract/routes.ts';
import { kioskOf, type Kiosk } from '../../engine/waivers/kiosk.ts';
import { pageLanguage } from '../shell/pageLanguage.ts';
import { loadCountryNames, needsCountryNames } from '../widgets/countryNames.ts';
import { loadCompiledForm, loadForm, loadFormTexts, type LoadedForm } from './loadForm.ts';
import { loadOptionDocs, type OptionDocs } from './optionLists.ts';
import { loadSourcedValues, type SourcedValues } from './sourcedValues.ts';
import type { LoadPage, PageData } from '../shell/pageData.ts';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { FormAvailability } from '../../engine/contract/availability.ts';
import { fetchOrNull } from '../api/client.ts';

export interface FormPageData extends PageData {
  loaded: LoadedForm;
  sourced: SourcedValues;
  optionDocs: OptionDocs;
  /** Set when the route runs as a kiosk (routes.json `kiosk`, or ?kiosk=1). */
  kiosk: Kiosk | null;
  /** Whether it takes answers now (opens, closes, limits); open when it could not be read: the server refuses a send anyway. */
  availability: FormAvailability;
}

/** The server's word on the form's dates and places, for the venue the address names when there is one. */
export async function loadAvailability(form: ResolvedForm, sourced: SourcedValues): Promise<FormAvailability> {
  const venueSlug = form.venue ? sourced[form.venue.field]?.doc?.slug : undefined;
  const query = typeof venueSlug === 'string' ? `?venue=${encodeURIComponent(venueSlug)}` : '';
  return (await fetchOrNull<FormAvailability>(`/api/forms/${encodeURIComponent(form.id)}/availability${query}`, 'availability')) ?? { state: 'open' };
}

export const loadPage: LoadPage<PageOf<'form'>, FormPageData> = async ({ page, url, params }) => {
  const validated = loadForm(page.form);
  const { form, languages } = await loadCompiledForm(page.form);
  const lang = pageLanguage(url, languages);
  const sourcing = loadSourcedValues(form, url.searchParams, params);
  const [loaded, sourced, optionDocs, , availability] = await Promise.all([
    validated,
    sourcing,
    loadOptionDocs(form),
    loadFormTexts(page.form, lang),
    // Only a form naming its venue waits for the address's venue (a limit per venue); any other asks at once.
    form.venue ? sourcing.then((values) => loadAvailability(form, values)) : loadAvailability(form, {}),
    needsCountryNames(form) ? loadCountryNames(lang) : undefined,
  ]);
  return { languages: loaded.compiled.languages, loaded, sourced, optionDocs, kiosk: kioskOf(page.kiosk, url.searchParams), availability };
};
