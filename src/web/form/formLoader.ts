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

export interface FormPageData extends PageData {
  loaded: LoadedForm;
  sourced: SourcedValues;
  optionDocs: OptionDocs;
  /** Set when the route runs as a kiosk (routes.json `kiosk`, or ?kiosk=1). */
  kiosk: Kiosk | null;
}

export const loadPage: LoadPage<PageOf<'form'>, FormPageData> = async ({ page, url, params }) => {
  const validated = loadForm(page.form);
  const { form, languages } = await loadCompiledForm(page.form);
  const lang = pageLanguage(url, languages);
  const [loaded, sourced, optionDocs] = await Promise.all([
    validated,
    loadSourcedValues(form, url.searchParams, params),
    loadOptionDocs(form),
    loadFormTexts(page.form, lang),
    needsCountryNames(form) ? loadCountryNames(lang) : undefined,
  ]);
  return { languages: loaded.compiled.languages, loaded, sourced, optionDocs, kiosk: kioskOf(page.kiosk, url.searchParams) };
};
