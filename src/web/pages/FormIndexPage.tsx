// A page listing the forms under a path (e.g. /dohaquest: every waiver), each a big link titled
// with its form's own title in the page language; the links keep the chosen language.
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { pick, t } from '../../engine/messages.ts';
import { useShell } from '../shell/ShellContext.tsx';
import type { FormIndexData } from './formIndexLoader.ts';
import '../styles/pages.css';

export default function FormIndexPage() {
  const { page, entries } = useLoaderData() as FormIndexData;
  const { lang, theme } = useShell();
  const requested = useSearchParams()[0].get('lang');
  return (
    <div className="form-index">
      <header className="form-index-intro">
        <h1>{pick(page.title, lang)}</h1>
        {page.description && <p>{pick(page.description, lang)}</p>}
      </header>
      <ul className="form-index-list">
        {entries.map(({ path, title }) => (
          <li key={path}>
            <Link className="form-index-link" to={{ pathname: path, search: requested ? `?lang=${encodeURIComponent(requested)}` : '' }}>
              {pick(title, lang)}
            </Link>
          </li>
        ))}
      </ul>
      <footer className="form-index-footer" dir="auto">{t('copyright', lang, { year: new Date().getFullYear(), brand: theme.brand })}</footer>
    </div>
  );
}
