// A brand's careers page: its open positions, each a link to the position's own page.
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { useLangSearch } from '../../shell/useLangSearch.ts';
import { localized } from '../../api/localized.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import type { CareersData } from './careersLoader.ts';
import { PositionFacts } from './PositionFacts.tsx';
import '../../styles/pages.css';

export default function CareersPage() {
  const { title, positions } = useLoaderData() as CareersData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const search = useLangSearch();
  return (
    <div className="careers">
      <header className="form-index-intro">
        <h1>{localized<string>(title, lang).value}</h1>
        <p>{t('careersIntro')}</p>
      </header>
      {positions.length === 0 ? (
        <p className="careers-empty">{t('careersEmpty')}</p>
      ) : (
        <ul className="careers-list">
          {positions.map((position) => (
            <li key={position.slug} className="careers-item">
              <h2>
                <Link to={{ pathname: `${pathname.replace(/\/+$/, '')}/${encodeURIComponent(position.slug)}`, search }}>
                  {localized<string>(position.title, lang).value}
                </Link>
              </h2>
              <PositionFacts position={position} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
