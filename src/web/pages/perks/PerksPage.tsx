// /employee/perks: the catalogue of restaurants and partners offering employee perks. Redeeming
// needs the employee signed in (never a code in the address); until employee sign-in exists, the
// button says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { localized } from '../../api/localized.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { RichText, safeHref } from '../../rich-text/RichText.tsx';
import type { Perk, PerksData } from './perksLoader.ts';
import '../../styles/pages.css';

export default function PerksPage() {
  const { perks } = useLoaderData() as PerksData;
  const { logoUrl, theme } = useShell();
  const { t } = useTranslation();
  return (
    <div className="benefits">
      <header className="form-index-intro">
        <img className="document-logo" src={logoUrl} alt={theme.brand} height={48} />
        <h1>{t('perksTitle')}</h1>
        <p>{t('perksIntro')}</p>
      </header>
      {perks.length === 0 ? (
        <p className="careers-empty">{t('perksNone')}</p>
      ) : (
        <ul className="careers-list">
          {perks.map((perk) => (
            <PerkCard key={perk.slug} perk={perk} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PerkCard({ perk }: { perk: Perk }) {
  const { lang } = useShell();
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const logo = safeHref(perk.logo?.url);
  const terms = localized<unknown>(perk.terms, lang);
  const titleId = `perk-${perk.slug}`;
  return (
    <li className="careers-item perk" aria-labelledby={titleId}>
      {logo && <img src={apiUrl(logo)} alt="" height={40} />}
      <h2 id={titleId} dir="auto">{perk.name}</h2>
      <p className="perk-category">{localized<string>(perk.category, lang).value}</p>
      <p className="perk-offer">{localized<string>(perk.offer, lang).value}</p>
      <div className="document-body">
        <RichText value={terms.value} />
      </div>
      <p className="perk-rule">{t('perksOncePerWeek')}</p>
      <button type="button" className="perk-redeem" onClick={() => setAsked(true)} aria-describedby={asked ? `${titleId}-signin` : undefined}>
        {t('perksRedeem')}
      </button>
      <p id={`${titleId}-signin`} role="status" className="perk-signin">
        {asked ? t('perksSignIn') : ''}
      </p>
    </li>
  );
}
