// The group's landing page (/) and a brand's hub (e.g. /dohaoasis): per brand, its public forms
// and pages and its documents, as big links that keep the chosen language.
import { useTranslation } from 'react-i18next';
import { PageLink, usePageData } from '../../shell/pageContext.tsx';
import { useLangSearch } from '../../shell/useLangSearch.ts';
import type { HubData, HubLink } from './hubLoader.ts';
import '../../styles/pages.css';

export default function HubPage() {
  const { namespace, description, brands } = usePageData<HubData>();
  const { t } = useTranslation([namespace, 'common']);
  const search = useLangSearch();
  const to = (path: string) => `${path}${search}`;
  const links = (items: HubLink[], label: string) =>
    items.length > 0 && (
      <nav aria-label={label}>
        <ul className="form-index-list">
          {items.map((item) => (
            <li key={item.path}>
              <PageLink className="form-index-link" href={to(item.path)}>
                {t(item.key)}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
    );
  return (
    <div className="hub">
      <header className="form-index-intro">
        <h1>{t('title')}</h1>
        {description && <p>{t('description')}</p>}
      </header>
      {brands.map((brand) => (
        <section key={brand.key} className="hub-brand" aria-labelledby={`hub-${brand.key}`}>
          <h2 id={`hub-${brand.key}`} className="hub-brand-name" dir="auto">
            {brand.name}
          </h2>
          {links(brand.pages, t('hubPages', { ns: 'common', brand: brand.name }))}
          {brand.documents.length > 0 && <h3 className="hub-documents-title">{t('hubDocuments', { ns: 'common' })}</h3>}
          {links(brand.documents, t('hubDocuments', { ns: 'common' }))}
        </section>
      ))}
    </div>
  );
}
