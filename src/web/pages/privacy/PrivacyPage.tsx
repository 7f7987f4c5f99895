// /staff/privacy (admins): a data-subject request. Find what is held about a person by email or
// phone across every form, export it for them (JSON, or a readable HTML copy), or erase it with a
// reason after a confirmation step; waivers under legal hold are listed as kept, with their end,
// and an admin places or lifts a legal hold on one submission from its row.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacySearchAnswer } from '../../../engine/contract/privacy.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { EraseRequest } from './EraseRequest.tsx';
import { MatchesTable } from './MatchesTable.tsx';
import { PersonSearch } from './PersonSearch.tsx';
import { downloadExport, searchPerson, type Person } from './privacyApi.ts';
import './privacy.css';

export default function PrivacyPage() {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [found, setFound] = useState<{ person: Person; answer: PrivacySearchAnswer } | null>(null);
  const [status, setStatus] = useState('');

  /** After a hold is placed or lifted: the same search again, so every row shows what the server now holds. */
  const holdChanged = async (message: string) => {
    if (!found) return;
    const again = await searchPerson({ email: '', phone: '', [found.person.by]: found.person.value }, lang);
    if (again.ok) setFound({ person: found.person, answer: again.body });
    setStatus(message);
  };

  const exportAs = async (format: 'json' | 'html') => {
    if (!found) return;
    const answer = await downloadExport(found.person, format, lang);
    setStatus(answer.ok ? answer.body : t('privacyFailed', { message: answer.message }));
  };

  return (
    <div className="privacy">
      <h1>{t('privacyTitle')}</h1>
      <p>{t('privacyIntro')}</p>
      <PersonSearch
        onFound={(person, answer) => {
          setFound({ person, answer });
          setStatus('');
        }}
      />
      {found && (
        <section aria-labelledby="privacy-results" className="privacy-results">
          <h2 id="privacy-results">{t('privacyResults')}</h2>
          <p role="status">
            {found.answer.docs.length === 0 && found.answer.parties.length === 0 ? t('privacyNone') : t('privacyFound', { count: found.answer.docs.length })}
            {found.answer.parties.length > 0 && <> {t('privacyPartiesFound', { count: found.answer.parties.length })}</>}
          </p>
          {(found.answer.docs.length > 0 || found.answer.parties.length > 0) && (
            <>
              {found.answer.docs.length > 0 && <MatchesTable matches={found.answer.docs} onHoldChanged={(message) => void holdChanged(message)} />}
              <div className="privacy-actions">
                <button type="button" className="button button-secondary" onClick={() => void exportAs('json')}>
                  {t('privacyExportJson')}
                </button>
                <button type="button" className="button button-secondary" onClick={() => void exportAs('html')}>
                  {t('privacyExportHtml')}
                </button>
              </div>
              <p className="privacy-note" aria-live="polite">
                {status}
              </p>
              <EraseRequest key={`${found.person.by}:${found.person.value}`} person={found.person} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
