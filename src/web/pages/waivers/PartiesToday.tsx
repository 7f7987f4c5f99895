// The desk's parties of the day (its attractions only), kept up to date without a reload
// (useLiveAnswer: asked again with the list's ETag), each a PartyCard; and a party made here for
// a group at the desk (no human check: a desk account's own attractions).
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartiesToday as Today, PartyCreated } from '../../../engine/contract/parties.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffRequest } from '../../staff/staffRequest.ts';
import { PartyFields, partyAnswers, type PartyFormChoice } from '../../ui/PartyFields.tsx';
import { useLiveAnswer } from '../../ui/useLiveAnswer.ts';
import { PartyCard } from './PartyCard.tsx';

type Refusal = { errors?: { message?: string; data?: { errors?: { path: string; message: string }[] } }[] };

function NewParty({ onMade }: { onMade: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [choices, setChoices] = useState<PartyFormChoice[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (choices) return setChoices(null);
    const answer = await staffRequest<{ docs: PartyFormChoice[] }>('GET', '/api/parties/forms');
    setChoices(answer.body?.docs ?? []);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const answer = await staffRequest<PartyCreated & Refusal>('POST', `/api/parties?locale=${lang}`, partyAnswers(form, lang));
    setBusy(false);
    if (answer.status === 201 && answer.body) {
      setChoices(null);
      setErrors({});
      return onMade(t('staffPartyMade', { link: `\u2066${answer.body.doc.link}\u2069` }));
    }
    const fields = answer.body?.errors?.[0]?.data?.errors ?? [];
    setErrors(Object.fromEntries(fields.map((error) => [error.path, error.message])));
    requestAnimationFrame(() => (form.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
  };
  return (
    <div className="desk-new-party">
      <button type="button" className="desk-button" aria-expanded={choices !== null} onClick={() => void open()}>
        {t('staffPartyNew')}
      </button>
      {choices && (
        <form className="party-form" noValidate onSubmit={(event) => void submit(event)}>
          <PartyFields choices={choices} errors={errors} />
          <button type="submit" className="desk-button desk-button-primary" disabled={busy}>
            {busy ? t('partyCreating') : t('partyCreate')}
          </button>
        </form>
      )}
    </div>
  );
}

export function PartiesToday({ first, etag, onStatus }: { first: Today; etag: string | null; onStatus: (text: string) => void }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const ask = useCallback(
    async (known: string | null) => {
      const answer = await staffRequest<Today | null>('GET', '/api/parties/today', undefined, undefined, known ? { 'If-None-Match': known } : {});
      return { status: answer.status, body: answer.body, etag: answer.headers.get('etag') };
    },
    // A party made here: asked again from now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [round],
  );
  const { value: today } = useLiveAnswer(first, etag, ask);
  return (
    <section className="desk-parties" aria-labelledby="desk-parties-title">
      <h2 id="desk-parties-title">{t('staffPartiesToday')}</h2>
      {today.docs.length === 0 ? (
        <p>{t('staffPartiesNone')}</p>
      ) : (
        <ul className="desk-results">
          {today.docs.map((party) => (
            <li key={party.id}>
              <PartyCard party={party} onStatus={onStatus} />
            </li>
          ))}
        </ul>
      )}
      <NewParty
        onMade={(text) => {
          onStatus(text);
          setRound((value) => value + 1);
        }}
      />
    </section>
  );
}
