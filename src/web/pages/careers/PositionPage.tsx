// One open position: its facts, its description as rich text and the way to apply (the
// careers-application form, a route of its own under the position).
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { useLangSearch } from '../../shell/useLangSearch.ts';
import { localized } from '../../api/localized.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import { RichText } from '../../rich-text/RichText.tsx';
import type { PositionData } from './careersLoader.ts';
import { PositionFacts } from './PositionFacts.tsx';
import '../../styles/pages.css';

export default function PositionPage() {
  const { position } = useLoaderData() as PositionData;
  const { lang } = useShell();
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const search = useLangSearch();
  const here = pathname.replace(/\/+$/, '');
  const title = localized<string>(position.title, lang);
  const description = localized<unknown>(position.description, lang);
  useTitleExtra(title.value);
  return (
    <article className="position">
      <p>
        <Link to={{ pathname: here.slice(0, here.lastIndexOf('/')), search }}>{t('careersBack')}</Link>
      </p>
      <h1 lang={title.lang} dir={i18n.dir(title.lang)}>
        {title.value}
      </h1>
      <PositionFacts position={position} />
      <div className="document-body" lang={description.lang} dir={i18n.dir(description.lang)}>
        <RichText value={description.value} />
      </div>
      <p>
        <Link className="link-button" to={{ pathname: `${here}/apply`, search }}>
          {t('careersApply')}
        </Link>
      </p>
    </article>
  );
}
