// /employee/perks: the catalogue of restaurants and partners offering employee perks. Redeeming
// needs the employee signed in (never a code in the address): signed out, "Redeem" leads to the
// sign-in page and back; signed in, the page shows the employee's email and, per perk, whether it
// was redeemed this week.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { routesTable } from 'virtual:route-set';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { localized } from '../../api/localized.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { RichText, safeHref } from '../../rich-text/RichText.tsx';
import { signInPath } from '../../staff/requireStaff.ts';
import type { Perk, PerksData } from './perksLoader.ts';
import { RedeemPanel } from './RedeemPanel.tsx';
import '../../styles/form.css';
import '../../styles/pages.css';
import { BrandLogo } from '../../shell/BrandLogo.tsx';

/** The public-only build has no sign-in page: the page says so instead of linking to nothing. */
const SIGN_IN_BUILT = routesTable.routes.some((route) => route.path === '/login');

export default function PerksPage() {
  const { perks, employee } = useLoaderData() as PerksData;
  const { logoUrl, theme } = useShell();
  const { t } = useTranslation();
  const [redeemed, setRedeemed] = useState(() => new Set(employee?.redeemed ?? []));
  return (
    <div className="benefits">
      <header className="form-index-intro">
        <BrandLogo className="document-logo" src={logoUrl} alt={theme.brand} height={48} />
        <h1>{t('perksTitle')}</h1>
        <p>{t('perksIntro')}</p>
      </header>
      {employee ? (
        <section className="perk-employee" aria-labelledby="perk-employee-title">
          <h2 id="perk-employee-title">{t('perksYourInfo')}</h2>
          <p dir="ltr">{employee.email}</p>
        </section>
      ) : (
        !SIGN_IN_BUILT && <p className="perk-signin">{t('perksNoSignIn')}</p>
      )}
      {perks.length === 0 ? (
        <p className="careers-empty">{t('perksNone')}</p>
      ) : (
        <ul className="careers-list">
          {perks.map((perk) => (
            <PerkCard
              key={perk.slug}
              perk={perk}
              signedIn={employee !== null}
              redeemed={redeemed.has(perk.slug)}
              onRedeemed={() => setRedeemed((before) => new Set(before).add(perk.slug))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PerkCard({ perk, signedIn, redeemed, onRedeemed }: { perk: Perk; signedIn: boolean; redeemed: boolean; onRedeemed: () => void }) {
  const { lang } = useShell();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const logo = safeHref(perk.logo?.url);
  const terms = localized<unknown>(perk.terms, lang);
  const titleId = `perk-${perk.slug}`;
  const here = new URL(`/employee/perks${search.size ? `?${search}` : ''}`, window.location.origin);
  return (
    <li className="careers-item perk" aria-labelledby={titleId}>
      {logo && <BrandLogo className="perk-logo" src={apiUrl(logo)} alt="" height={40} />}
      <h2 id={titleId} dir="auto">
        {perk.name}
      </h2>
      <p className="perk-category">{localized<string>(perk.category, lang).value}</p>
      <p className="perk-offer">{localized<string>(perk.offer, lang).value}</p>
      <div className="document-body">
        <RichText value={terms.value} />
      </div>
      <p className="perk-rule">{t('perksOncePerWeek')}</p>
      {signedIn && (
        <p className="perk-status">
          {t('perksStatus')}: <strong>{t(redeemed ? 'perksRedeemed' : 'perksNotRedeemed')}</strong>
        </p>
      )}
      {signedIn ? (
        <RedeemPanel perk={perk.slug} titleId={titleId} redeemed={redeemed} onRedeemed={onRedeemed} />
      ) : (
        SIGN_IN_BUILT && (
          <>
            <a className="perk-redeem" href={signInPath(here)} aria-describedby={`${titleId} ${titleId}-signin`}>
              {t('perksRedeem')}
            </a>
            <p id={`${titleId}-signin`} className="perk-signin">
              {t('perksSignIn')}
            </p>
          </>
        )
      )}
    </li>
  );
}
