// /p/:code: a party's page. While the link takes guests, the attraction's waiver (the same form
// page, its visit date the party's; the form's send carries the code, submitAnswers.ts) under a
// line naming whose party it is. A full party or a past day says so in the guest's language and
// offers the plain waiver.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../shell/pageContext.tsx';
import { calendarDayText } from '../../../engine/text/calendar-day.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { useLangSearch } from '../../shell/useLangSearch.ts';
import type { PartyPageData } from './partyLoader.ts';
import './parties.css';

/** The form page's own module (its own chunk, as the form routes load it). */
const FormPage = lazy(() => import('../../form/FormPage.tsx'));

export default function PartyPage() {
  const { party } = usePageData<PartyPageData>();
  const { lang } = useShell();
  const { t } = useTranslation();
  const langSearch = useLangSearch();
  if (party.state !== 'open') {
    return (
      <section className="party-closed" aria-labelledby="party-closed-title">
        <h1 id="party-closed-title">{party.state === 'full' ? t('partyFullTitle') : t('partyPastTitle')}</h1>
        <p>{party.state === 'full' ? t('partyFullHint') : t('partyPastHint', { date: calendarDayText(party.visitDate, lang) })}</p>
        {party.waiverPath && (
          <p>
            <a className="party-action" href={`${party.waiverPath}${langSearch}`}>
              {t('partyPlainWaiver')}
            </a>
          </p>
        )}
      </section>
    );
  }
  return (
    <>
      <p className="party-banner">{t('partyFor', { organiser: `\u2068${party.organiser}\u2069`, date: calendarDayText(party.visitDate, lang) })}</p>
      <Suspense>
        <FormPage />
      </Suspense>
    </>
  );
}
