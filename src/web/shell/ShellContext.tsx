// What a page needs from the shell (language, location, branding) and what it tells the shell
// back (the languages it offers and an extra title part such as a restaurant name).
import { createContext, useContext, useEffect } from 'react';
import type { Lang } from '../../engine/definition.ts';
import type { PageSettings } from '../../engine/routes.ts';
import type { AppLocation } from './router.ts';
import type { Theme } from './theme.ts';

/** Pages that declare nothing offer English and Arabic, so ?lang=fr shows Arabic (product rule). */
export const DEFAULT_LANGUAGES: readonly Lang[] = ['en', 'ar'];

export interface Shell {
  lang: Lang;
  languages: readonly Lang[];
  location: AppLocation;
  params: Record<string, string>;
  settings: PageSettings;
  theme: Theme;
  logoUrl: string;
  setLanguages: (languages: readonly Lang[]) => void;
  setTitleExtra: (extra: string | undefined) => void;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <PageShell>');
  return shell;
}

/** A page declares the languages it is written in; the shell resolves ?lang= against them. */
export function useOfferedLanguages(languages: readonly Lang[]): void {
  const { setLanguages } = useShell();
  const key = languages.join(',');
  useEffect(() => {
    setLanguages(key.split(',') as Lang[]);
    return () => setLanguages(DEFAULT_LANGUAGES);
  }, [key, setLanguages]);
}

/** Adds a part after '{brand} | {header}' in the document title while the page is shown. */
export function useTitleExtra(extra: string | undefined): void {
  const { setTitleExtra } = useShell();
  useEffect(() => {
    setTitleExtra(extra);
    return () => setTitleExtra(undefined);
  }, [extra, setTitleExtra]);
}
