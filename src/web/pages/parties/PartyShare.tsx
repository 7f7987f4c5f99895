// The party's link to share: shown as text (left to right in any page), copied in one press, and
// handed to WhatsApp, the phone's messages or the guest's own mail client with a line naming the
// attraction and the day (share intents: nothing is sent by us).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Party } from '../../../engine/contract/parties.ts';
import { calendarDayText } from '../../../engine/text/calendar-day.ts';
import { useShell } from '../../shell/ShellContext.tsx';

export function PartyShare({ party, qr }: { party: Party; qr?: string }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [copied, setCopied] = useState(false);
  const title = party.title[lang] ?? Object.values(party.title)[0] ?? party.form;
  const text = t('partyShareText', { title, date: calendarDayText(party.visitDate, lang), link: party.link });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(party.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="party-share" aria-labelledby="party-share-title">
      <h2 id="party-share-title">{t('partyRosterLink')}</h2>
      <p className="party-link">
        <a href={party.link} dir="ltr">
          {party.link}
        </a>
      </p>
      {qr && <img className="party-qr" alt={t('partyQrAlt')} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`} width={180} height={180} />}
      <ul className="party-share-actions">
        <li>
          <button type="button" className="party-action" onClick={() => void copy()}>
            {t('partyCopy')}
          </button>
        </li>
        <li>
          <a className="party-action" href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
            {t('partyShareWhatsApp')}
          </a>
        </li>
        <li>
          <a className="party-action" href={`sms:?body=${encodeURIComponent(text)}`}>
            {t('partyShareSms')}
          </a>
        </li>
        <li>
          <a className="party-action" href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`}>
            {t('partyShareEmail')}
          </a>
        </li>
      </ul>
      <p role="status" className="party-copied">
        {copied ? t('partyCopied') : ''}
      </p>
    </section>
  );
}
