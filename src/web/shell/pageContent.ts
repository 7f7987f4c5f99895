// Site-wide branding (logos, favicon) per brand, from the page-content global. Loaded once per
// visit; a failure is logged and the theme's own logo is used instead.
import { useEffect, useState } from 'react';
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

let pending: Promise<PageContent | null> | null = null;

function loadPageContent(): Promise<PageContent | null> {
  pending ??= fetchOrNull<PageContent>('/api/globals/page-content', 'page content');
  return pending;
}

export function usePageContent(): PageContent | null {
  const [content, setContent] = useState<PageContent | null>(null);
  useEffect(() => {
    let live = true;
    void loadPageContent().then((loaded) => live && setContent(loaded));
    return () => {
      live = false;
    };
  }, []);
  return content;
}

export function mediaUrl(media: Media | null | undefined): string | undefined {
  return media?.url ? apiUrl(media.url) : undefined;
}
