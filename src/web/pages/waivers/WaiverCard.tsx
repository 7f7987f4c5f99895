// One waiver found at the desk: the attraction and Form ID, when it was signed, its validity and
// whether the terms changed since, and each person (the signer, then each minor under them, with
// their date of birth) with their
// earlier check-ins and a Check in button that records who checked them in and when. QID/passport
// numbers and the phone come masked to their last 4; "Show ID and phone" opens this one waiver
// (GET /api/waivers/{id}, audited by the server) and shows them in full.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInPerson, CheckInsAnswer, WaiverCheckIn, WaiverOpenAnswer, WaiverResult } from '../../../engine/contract/waivers.ts';
import { staffRequest } from '../../staff/staffRequest.ts';
import { staffDay, staffTime } from '../../staff/staffTime.ts';
import { useShell } from '../../shell/ShellContext.tsx';

/** Kept left to right inside Arabic text (a leading + or the hyphens of a Form ID would otherwise move). */
const ltr = (text: string) => `\u2066${text}\u2069`;
/** A name inside a sentence in its own direction (an Arabic name in an English line, and the other way round). */
const isolated = (text: string) => `\u2068${text}\u2069`;

interface Person {
  key: CheckInPerson;
  name: string;
  document: string | null;
  birthDate: string | null;
}

export function WaiverCard({ waiver: found, onStatus }: { waiver: WaiverResult; onStatus: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  // The search's result (masked), or the same waiver once opened (in full).
  const [waiver, setWaiver] = useState<WaiverResult>(found);
  const [opening, setOpening] = useState(false);
  const [checkIns, setCheckIns] = useState<WaiverCheckIn[]>(found.checkIns);
  const [busy, setBusy] = useState<CheckInPerson | null>(null);
  const people: Person[] = [{ key: 'signer', ...waiver.signer }, ...waiver.dependents.map((person, index) => ({ key: index, ...person }))];
  const titleId = `waiver-${waiver.id}`;

  const checkIn = async (person: Person) => {
    setBusy(person.key);
    const answer = await staffRequest<CheckInsAnswer>('POST', `/api/waivers/${waiver.id}/check-ins?locale=${lang}`, { person: person.key });
    setBusy(null);
    if (answer.status === 200 && answer.body) {
      setCheckIns(answer.body.checkIns);
      onStatus(t('staffWaiverCheckedIn', { name: person.name }));
    } else {
      onStatus(t('staffWaiverCheckInFailed'));
    }
  };

  const open = async () => {
    setOpening(true);
    const answer = await staffRequest<WaiverOpenAnswer>('GET', `/api/waivers/${waiver.id}?locale=${lang}`);
    setOpening(false);
    if (answer.status === 200 && answer.body) {
      setWaiver(answer.body.doc);
      setCheckIns(answer.body.doc.checkIns);
      onStatus(t('staffWaiverShown', { name: waiver.signer.name }));
    } else {
      onStatus(answer.status === 429 ? t('staffWaiverTooMany') : t('staffWaiverShowFailed'));
    }
  };
  const hasNumbers = waiver.signer.phone !== null || people.some((person) => person.document !== null);

  return (
    <article className="desk-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{waiver.signer.name}</bdi>
        <span className="desk-attraction"> · {waiver.title[lang] ?? waiver.title.en ?? waiver.form}</span>
      </h2>
      <p className="desk-badges">
        {waiver.expired ? (
          <span className="desk-badge desk-badge-bad">{t('staffWaiverExpired')}</span>
        ) : (
          // On file: they need not sign again (unless the terms changed and must be signed anew, said beside it).
          !waiver.mustSignNewTerms && <span className="desk-badge desk-badge-good">{t('staffWaiverOnFile', { date: staffDay(waiver.validUntil, lang) })}</span>
        )}
        {waiver.mustSignNewTerms ? (
          <span className="desk-badge desk-badge-bad">{t('staffWaiverMustSignNewTerms')}</span>
        ) : (
          waiver.newTermsSince && <span className="desk-badge desk-badge-bad">{t('staffWaiverNewTerms')}</span>
        )}
      </p>
      <ul className="desk-facts">
        <li>{t('staffWaiverFormId', { reference: ltr(waiver.reference) })}</li>
        <li>{t('staffWaiverSignedAt', { date: staffTime(waiver.signedAt, lang) })}</li>
        {waiver.visitDate && <li>{t('staffWaiverVisitDate', { date: staffDay(waiver.visitDate, lang) })}</li>}
        {waiver.signer.phone && <li>{t('staffWaiverPhone', { phone: ltr(waiver.signer.phone) })}</li>}
      </ul>
      {waiver.masked && hasNumbers && (
        <p className="desk-open">
          <button
            type="button"
            className="desk-button"
            disabled={opening}
            onClick={() => void open()}
            aria-label={t('staffWaiverShowWho', { name: waiver.signer.name })}
          >
            {opening ? t('staffWaiverShowing') : t('staffWaiverShow')}
          </button>
        </p>
      )}
      <ul className="desk-people">
        {people.map((person) => {
          const earlier = checkIns.filter((checkIn) => checkIn.person === person.key);
          return (
            <li key={String(person.key)} className="desk-person">
              <div className="desk-person-who">
                <strong>
                  <bdi>{person.name}</bdi>
                </strong>
                <span className="desk-role">{person.key === 'signer' ? t('staffWaiverSigner') : t('staffWaiverDependent')}</span>
                {person.key !== 'signer' && <span className="desk-guardian">{t('staffWaiverGuardian', { name: isolated(waiver.signer.name) })}</span>}
                {person.birthDate && <span className="desk-born">{t('staffWaiverBorn', { date: staffDay(person.birthDate, lang) })}</span>}
                {person.document && <span className="desk-document">{t('staffWaiverDocument', { document: ltr(person.document) })}</span>}
                {earlier.length === 0 ? (
                  <span className="desk-checkins">{t('staffWaiverNotCheckedIn')}</span>
                ) : (
                  <ul className="desk-checkins">
                    {earlier.map((checkIn, index) => (
                      <li key={index}>{t('staffWaiverCheckInLine', { time: staffTime(checkIn.at, lang), by: ltr(checkIn.by) })}</li>
                    ))}
                  </ul>
                )}
              </div>
              <button
                type="button"
                className="desk-button"
                disabled={busy !== null || waiver.mustSignNewTerms}
                onClick={() => void checkIn(person)}
                aria-label={t('staffWaiverCheckInWho', { name: person.name })}
              >
                {busy === person.key ? t('staffWaiverCheckingIn') : t('staffWaiverCheckIn')}
              </button>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
