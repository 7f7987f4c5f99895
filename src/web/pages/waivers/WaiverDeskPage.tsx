// /staff/waivers: the waiver desk on a tablet. One search box (name, phone, QID/passport number or
// Form ID) across every waiver form; each waiver found is a card with its signer and dependents,
// whether it is still valid and whether the terms changed since, and a Check in button per person;
// and today's parties of the desk's attractions (PartiesToday.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import { WAIVER_SEARCH_MAX_LENGTH } from '../../../engine/contract/waivers.ts';
import type { WaiverDeskData } from './waiverDeskLoader.ts';
import { WaiverCard } from './WaiverCard.tsx';
import { PartiesToday } from './PartiesToday.tsx';
import './waivers.css';

export default function WaiverDeskPage() {
  const { q, found, problem, parties } = useLoaderData() as WaiverDeskData;
  const { t } = useTranslation();
  const lang = new URLSearchParams(useLocation().search).get('lang');
  const searching = useNavigation().state === 'loading';
  // What the last check-in did, said once for screen readers and shown for everyone.
  const [status, setStatus] = useState('');
  return (
    <div className="desk">
      <h1>{t('staffWaiversTitle')}</h1>
      <Form method="get" role="search" className="desk-search" onSubmit={() => setStatus('')}>
        {lang && <input type="hidden" name="lang" value={lang} />}
        <label htmlFor="desk-q">{t('staffWaiverSearchLabel')}</label>
        <div className="desk-search-row">
          <input
            id="desk-q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={WAIVER_SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'desk-problem' : undefined}
          />
          <button type="submit" className="desk-button desk-button-primary" disabled={searching}>
            {searching ? t('staffWaiverSearching') : t('staffWaiverSearchButton')}
          </button>
        </div>
        {problem && (
          <p id="desk-problem" className="desk-problem" role="alert">
            {problem}
          </p>
        )}
      </Form>
      <p className="desk-status" role="status">
        {status || (found ? (found.docs.length ? t('staffWaiverResults', { count: found.docs.length }) : t('staffWaiverNoResults')) : '')}
      </p>
      {parties && <PartiesToday first={parties.today} etag={parties.etag} onStatus={setStatus} />}
      {found && found.docs.length > 0 && (
        <ul className="desk-results">
          {found.docs.map((waiver) => (
            <li key={waiver.id}>
              <WaiverCard waiver={waiver} onStatus={setStatus} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
