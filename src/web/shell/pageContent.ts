// Site-wide branding (logos, favicon) per brand, from the page-content global: the root route's
// loader. A failure is logged and the theme's own logo is used instead: content never stops a page.
import { fetchOrNull } from '../api/client.ts';
import { apiUrl } from '../api/runtimeConfig.ts';

interface Media {
  url?: string | null;
}
export interface BrandContent {
  favicon?: Media | null;
  logo_primary?: Media | null;
  logo_secondary?: Media | null;
}
export type PageContent = Partial<Record<'destination' | 'quest' | 'store', BrandContent | null>>;

export function loadPageContent(): Promise<PageContent | null> {
  return fetchOrNull<PageContent>('/api/globals/page-content', 'page content');
}

export function mediaUrl(media: Media | null | undefined): string | undefined {
  return media?.url ? apiUrl(media.url) : undefined;
}
