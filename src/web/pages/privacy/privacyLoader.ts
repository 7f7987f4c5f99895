// The loader of /staff/privacy (admins, permission 'privacy-requests'): the sign-in check and the
// forms' titles. The person looked for stays out of the page's address (no email or phone in the
// browser's history or a server's access log): the page asks the API itself (privacyApi.ts).
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LocalizedText } from '../../../engine/definition/definition.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export interface PrivacyData extends PageData {
  /** Each form's title by its id. */
  titles: Record<string, LocalizedText>;
}

export const loadPage: LoadPage<PageOf<'staff-privacy'>, PrivacyData> = async ({ page }) => {
  const titles = (await import('virtual:route-set/form-titles')).default;
  return { languages: page.languages, titles };
};
