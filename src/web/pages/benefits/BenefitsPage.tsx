// /employee-benefits: benefit categories as tabs plus 'All', a search box, the featured benefits,
// and one benefit's details; tab and benefit are in the address (?tab=, ?item=), so a link to a
// benefit can be shared.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import type { Lang } from '../../../engine/text/languages.ts';
import { localized } from '../../api/localized.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import { themeFor } from '../../shell/theme.ts';
import { RichText, safeHref } from '../../rich-text/RichText.tsx';
import type { Benefit, BenefitsData } from './benefitsLoader.ts';
import '../../styles/pages.css';

const text = (value: unknown, lang: Lang) => localized<string>(value, lang).value ?? '';

/** The address with some parameters changed (undefined removes one); the language stays. */
function hrefWith(query: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  const search = next.toString();
  return search ? `?${search}` : '?';
}

export default function BenefitsPage() {
  const { categories, benefits } = useLoaderData() as BenefitsData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const tab = query.get('tab') ?? 'all';
  const item = benefits.find((benefit) => benefit.slug === query.get('item'));
  const words = search.trim().toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);
  const matches = (benefit: Benefit) => {
    const haystack = `${text(benefit.title, lang)} ${text(benefit.summary, lang)}`.toLocaleLowerCase(lang);
    return words.every((word) => haystack.includes(word));
  };
  const shown = benefits.filter((benefit) => (tab === 'all' || benefit.category === tab) && matches(benefit));
  const featured = tab === 'all' && words.length === 0 ? benefits.filter((benefit) => benefit.featured) : [];
  useTitleExtra(item ? text(item.title, lang) : undefined);

  if (item) return <BenefitDetail benefit={item} back={hrefWith(query, { item: undefined })} />;
  return (
    <div className="benefits">
      <header className="form-index-intro">
        <h1>{t('benefitsTitle')}</h1>
        <p>{t('benefitsIntro')}</p>
      </header>
      <div className="benefits-search">
        <label htmlFor={searchId}>{t('benefitsSearch')}</label>
        <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} dir="auto" autoComplete="off" />
      </div>
      <nav className="benefits-tabs" aria-label={t('benefitsCategories')}>
        <ul>
          {[{ slug: 'all', name: t('benefitsAll') }, ...categories].map((category) => (
            <li key={category.slug}>
              <Link
                to={hrefWith(query, { tab: category.slug === 'all' ? undefined : category.slug, item: undefined })}
                aria-current={tab === category.slug ? 'page' : undefined}
                preventScrollReset
              >
                {text(category.name, lang)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {featured.length > 0 && (
        <section className="benefits-featured" aria-labelledby="benefits-featured-title">
          <h2 id="benefits-featured-title">{t('benefitsFeatured')}</h2>
          <BenefitCards benefits={featured} query={query} />
        </section>
      )}
      <section aria-live="polite">
        {shown.length > 0 ? <BenefitCards benefits={shown} query={query} /> : <p className="careers-empty">{t('benefitsNone', { query: search.trim() })}</p>}
      </section>
    </div>
  );
}

function BenefitCards({ benefits, query }: { benefits: Benefit[]; query: URLSearchParams }) {
  const { lang } = useShell();
  return (
    <ul className="careers-list">
      {benefits.map((benefit) => (
        <li key={benefit.slug} className="careers-item">
          <h3>
            <Link to={hrefWith(query, { item: benefit.slug })}>{text(benefit.title, lang)}</Link>
          </h3>
          <p>{text(benefit.summary, lang)}</p>
        </li>
      ))}
    </ul>
  );
}

function BenefitDetail({ benefit, back }: { benefit: Benefit; back: string }) {
  const { lang } = useShell();
  const { t, i18n } = useTranslation();
  const body = localized<unknown>(benefit.body, lang);
  const contact = benefit.contact;
  return (
    <article className="position">
      <p>
        <Link to={back}>{t('benefitsBack')}</Link>
      </p>
      <h1>{text(benefit.title, lang)}</h1>
      <p>{text(benefit.summary, lang)}</p>
      <div className="document-body" lang={body.lang} dir={i18n.dir(body.lang)}>
        <RichText value={body.value} />
      </div>
      {(benefit.discounts ?? []).length > 0 && (
        <section aria-labelledby="benefit-discounts">
          <h2 id="benefit-discounts">{t('benefitsDiscounts')}</h2>
          <ul>
            {benefit.discounts!.map((discount, i) => (
              <li key={i}>
                <strong>{discount.brand ? themeFor(discount.brand as never).brand : ''}</strong> {text(discount.text, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(benefit.attachments ?? []).some((attachment) => safeHref(attachment.url)) && (
        <section aria-labelledby="benefit-attachments">
          <h2 id="benefit-attachments">{t('benefitsAttachments')}</h2>
          <ul>
            {benefit.attachments!.flatMap((attachment, i) => {
              const href = safeHref(attachment.url);
              return href
                ? [
                    <li key={i}>
                      <a href={href}>{text(attachment.label, lang)}</a>
                    </li>,
                  ]
                : [];
            })}
          </ul>
        </section>
      )}
      {contact && (
        <section aria-labelledby="benefit-contact">
          <h2 id="benefit-contact">{t('benefitsContact')}</h2>
          <p>
            {text(contact.name, lang)}
            {contact.email && (
              <>
                {' '}
                · <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            )}
            {contact.phone && (
              <>
                {' '}
                ·{' '}
                <a href={`tel:${contact.phone}`} dir="ltr">
                  {contact.phone}
                </a>
              </>
            )}
          </p>
        </section>
      )}
    </article>
  );
}
