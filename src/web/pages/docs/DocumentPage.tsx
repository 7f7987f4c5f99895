// /docs/:slug: a document in the page language (English when it has no translation), as rich
// text, or a PDF shown inline with a download link.
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../shell/pageContext.tsx';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { localized } from '../../api/localized.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import type { DocumentData } from './documentLoader.ts';
import { RichText, safeHref } from '../../rich-text/RichText.tsx';
import '../../styles/pages.css';
import { BrandLogo } from '../../shell/BrandLogo.tsx';

export default function DocumentPage() {
  const { doc } = usePageData<DocumentData>();
  const { lang, logoUrl, theme } = useShell();
  const { t, i18n } = useTranslation();
  const title = localized<string>(doc.title, lang);
  const body = localized<unknown>(doc.body, lang);
  const pdf = safeHref(doc.pdf?.url);
  useTitleExtra(title.value);
  return (
    <article className="document" lang={body.lang} dir={i18n.dir(body.lang)}>
      <BrandLogo className="document-logo" src={logoUrl} alt={theme.brand} height={48} />
      <h1 lang={title.lang} dir={i18n.dir(title.lang)}>{title.value}</h1>
      <div className="document-body">
        <RichText value={body.value} />
      </div>
      {pdf && (
        <figure className="document-pdf">
          <iframe src={apiUrl(pdf)} title={title.value ?? doc.slug} />
          <figcaption>
            <a className="link-button" href={apiUrl(pdf)} download={doc.pdf?.filename ?? true}>
              {t('downloadPdf')}
            </a>
          </figcaption>
        </figure>
      )}
    </article>
  );
}
