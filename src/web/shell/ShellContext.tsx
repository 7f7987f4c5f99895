// What a page needs from the shell (language, branding, page settings) and what it tells the
// shell back (an extra title part such as a restaurant name).
import { createContext, useContext, useEffect } from 'react';
import type { Lang } from '../../engine/text/languages.ts';
import type { PageSettings } from '../../engine/definition/routes.ts';
import type { Theme } from './theme.ts';

export interface Shell {
  lang: Lang;
  languages: readonly Lang[];
  settings: PageSettings;
  /** The page's header title in its language (routes.json settings). */
  header: string | undefined;
  theme: Theme;
  logoUrl: string;
  setTitleExtra: (extra: string | undefined) => void;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <PageShell>');
  return shell;
}

/** Adds a part after '{brand} | {header}' in the document title while the page is shown. */
export function useTitleExtra(extra: string | undefined): void {
  const { setTitleExtra } = useShell();
  useEffect(() => {
    setTitleExtra(extra);
    return () => setTitleExtra(undefined);
  }, [extra, setTitleExtra]);
}
