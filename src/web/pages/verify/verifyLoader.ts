// The loader of /staff/verify: staff who read submissions; what they may check is the server's
// decision (a waiver they may not read is not found).
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type VerifyRef = PageOf<'staff-verify'>;

export const loadPage: LoadPage<VerifyRef, PageData> = async ({ page }) => {
  return { languages: page.languages };
};
