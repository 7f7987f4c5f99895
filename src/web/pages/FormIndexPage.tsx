// A page listing the forms under a path (e.g. /dohaquest: every waiver), each a big link titled
// with its form's own title in the page language; the links keep the chosen language.
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import { useLangSearch } from '../shell/useLangSearch.ts';
import { useShell } from '../shell/ShellContext.tsx';
import type { FormIndexData } from './formIndexLoader.ts';
import '../styles/pages.css';

export default function FormIndexPage() {
  const { namespace, description, paths } = useLoaderData() as FormIndexData;
  const { t } = useTranslation([namespace, 'common']);
  const { theme } = useShell();
  const search = useLangSearch();
  return (
    <div className="form-index">
      <header className="form-index-intro">
        <h1>{t('title')}</h1>
        {description && <p>{t('description')}</p>}
      </header>
      <ul className="form-index-list">
        {paths.map((path) => (
          <li key={path}>
            <Link className="form-index-link" to={{ pathname: path, search }}>
              {t(path)}
            </Link>
          </li>
        ))}
      </ul>
      <footer className="form-index-footer" dir="auto">
        {t('copyright', { ns: 'common', year: new Date().getFullYear(), brand: theme.brand })}
      </footer>
    </div>
  );
}
