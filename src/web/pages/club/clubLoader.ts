// The loader of /clubprintemps: the app store addresses (the club-launch global, content).
import type { PageOf } from '../../../engine/contract/routes.ts';
import { fetchOrNull } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ClubLaunchRef = PageOf<'club-launch'>;

export interface ClubLaunchData extends PageData {
  androidUrl?: string;
  iosUrl?: string;
}

export const loadPage: LoadPage<ClubLaunchRef, ClubLaunchData> = async ({ page, signal }) => {
  const global = await fetchOrNull<{ android_url?: unknown; ios_url?: unknown }>('/api/globals/club-launch', 'club launch', signal);
  const https = (url: unknown) => (typeof url === 'string' && /^https:\/\//i.test(url) ? url : undefined);
  return { languages: page.languages, androidUrl: https(global?.android_url), iosUrl: https(global?.ios_url) };
};
