// The loader of /staff/profile: the signed-in account's own preferences (any staff account).
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { StaffPreferences } from '../../../engine/contract/users.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { staffGet } from '../../staff/staffRequest.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ProfileRef = PageOf<'staff-profile'>;

export interface ProfileData extends PageData {
  preferences: StaffPreferences;
}

export const loadPage: LoadPage<ProfileRef, ProfileData> = async ({ page, signal }) => ({
  languages: page.languages,
  preferences: await staffGet<StaffPreferences>('/api/users/me/preferences', signal),
});
