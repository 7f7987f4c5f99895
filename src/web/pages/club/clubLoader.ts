// The loader of /clubprintemps: the app store addresses (the club-launch global, content).
import type { Lang } from '../../../engine/languages.ts';
import { fetchOrNull } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';

export interface ClubLaunchRef {
  kind: 'club-launch';
  languages: Lang[];
}

export interface ClubLaunchData extends PageData {
  androidUrl?: string;
  iosUrl?: string;
}

export const loadPage: LoadPage<ClubLaunchRef, ClubLaunchData> = async ({ page, signal }) => {
  const global = await fetchOrNull<{ android_url?: unknown; ios_url?: unknown }>('/api/globals/club-launch', 'club launch', signal);
  const https = (url: unknown) => (typeof url === 'string' && /^https:\/\//i.test(url) ? url : undefined);
  return { languages: page.languages, androidUrl: https(global?.android_url), iosUrl: https(global?.ios_url) };
};
