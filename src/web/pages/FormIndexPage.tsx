// A page listing the forms under a path (e.g. /dohaquest: every waiver), each a big link
// titled with its form's own title in the page language. Which forms: every form route of the
// built route set under the prefix, so a new waiver route appears here without code.
import { use, type MouseEvent } from 'react';
import type { Lang, LocalizedText } from '../../engine/definition.ts';
import { resolveLanguage } from '../../engine/language.ts';
import { pick, t } from '../../engine/messages.ts';
import { isRouteInSet } from '../../engine/routes.ts';
import { routesTable } from '../shell/routeTable.ts';
import { navigate } from '../shell/router.ts';
import { useOfferedLanguages, useShell } from '../shell/ShellContext.tsx';
import { loadFormTitles } from './formTitles.ts';
import '../styles/pages.css';

/** routes.json page of kind 'form-index'. */
export interface FormIndexRef {
  kind: 'form-index';
  prefix: string;
  languages: Lang[];
  title: LocalizedText;
  description?: LocalizedText;
}

function formRoutesUnder(prefix: string): { path: string; form: string }[] {
  return routesTable.routes.flatMap((route) =>
    isRouteInSet(route, __ROUTE_SET__) && route.page.kind === 'form' && typeof route.page.form === 'string' && route.path.startsWith(prefix) && !route.path.includes(':')
      ? [{ path: route.path, form: route.page.form }]
      : [],
  );
}

export default function FormIndexPage({ page }: { page: FormIndexRef }) {
  const { location, theme } = useShell();
  useOfferedLanguages(page.languages);
  const lang = resolveLanguage(location.query.get('lang'), page.languages);
  const entries = formRoutesUnder(page.prefix);
  const titles = use(loadFormTitles(entries.map((e) => e.form)));
  const requested = location.query.get('lang');
  const hrefOf = (path: string) => (requested ? `${path}?lang=${encodeURIComponent(requested)}` : path);
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
    window.scrollTo(0, 0);
  };
  return (
    <div className="form-index">
      <header className="form-index-intro">
        <h1>{pick(page.title, lang)}</h1>
        {page.description && <p>{pick(page.description, lang)}</p>}
      </header>
      <ul className="form-index-list">
        {entries.map(({ path, form }) => {
          const title = titles[form];
          if (!title) return null;
          const href = hrefOf(path);
          return (
            <li key={path}>
              <a className="form-index-link" href={href} onClick={(event) => follow(event, href)}>
                {pick(title, lang)}
              </a>
            </li>
          );
        })}
      </ul>
      <footer className="form-index-footer" dir="auto">{t('copyright', lang, { year: new Date().getFullYear(), brand: theme.brand })}</footer>
    </div>
  );
}
