// /clubprintemps: the loyalty club app launch, with a slowly rotating logo (still for
// visitors who prefer reduced motion) and links to the app stores.
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { useShell } from '../../shell/ShellContext.tsx';
import type { ClubLaunchData } from './clubLoader.ts';
import '../../styles/pages.css';

export default function ClubLaunchPage() {
  const { androidUrl, iosUrl } = useLoaderData() as ClubLaunchData;
  const { logoUrl, theme } = useShell();
  const { t } = useTranslation();
  return (
    <section className="club-launch" aria-labelledby="club-launch-title">
      <img className="club-launch-logo" src={logoUrl} alt={theme.brand} width={160} height={160} />
      <h1 id="club-launch-title">{t('clubLaunchTitle')}</h1>
      <p>{t('clubLaunchText')}</p>
      <ul className="club-launch-stores">
        {androidUrl && (
          <li>
            <a className="link-button" href={androidUrl} rel="noopener noreferrer">
              {t('getOnGooglePlay')}
            </a>
          </li>
        )}
        {iosUrl && (
          <li>
            <a className="link-button" href={iosUrl} rel="noopener noreferrer">
              {t('downloadOnAppStore')}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
