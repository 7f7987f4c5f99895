// /p/new: the organiser makes a party (no sign-in; the human check and a rate limit on the server).
// Made, the page shows the party link with its QR code and the ways to share it; the organiser is
// also mailed the link and their roster page's link. Without JavaScript (no human check) the
// page, rendered on the server in its language, says so and that the desk can make the party.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../shell/pageContext.tsx';
import { PARTY_CAPTCHA_ACTION } from '../../../engine/contract/party-names.ts';
import type { PartyCreated } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { apiRequest } from '../../api/client.ts';
import { HumanCheck } from '../../captcha/HumanCheck.tsx';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import { PartyFields, partyAnswers } from '../../ui/PartyFields.tsx';
import type { NewPartyData } from './newPartyLoader.ts';
import { PartyShare } from './PartyShare.tsx';
import './parties.css';

type Refusal = { errors?: { message?: string; data?: { errors?: { path: string; message: string }[] } }[] };

export default function NewPartyPage() {
  const { choices, title } = usePageData<NewPartyData>();
  const { lang } = useShell();
  const { t } = useTranslation();
  const heading = title[lang] ?? t('partyNewTitle');
  useTitleExtra(heading);
  const [proof, setProof] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [made, setMade] = useState<PartyCreated | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!proof) return setNotice(t('humanCheckNeeded'));
    setBusy(true);
    setNotice('');
    try {
      const answer = await apiRequest<PartyCreated & Refusal>('POST', `/api/parties?locale=${lang}`, {
        json: partyAnswers(form, lang),
        headers: { 'X-Captcha-Proof': proof },
      });
      if (answer.status === 201) return setMade(answer.body);
      const fields = answer.body?.errors?.[0]?.data?.errors ?? [];
      setErrors(Object.fromEntries(fields.map((error) => [error.path, error.message])));
      setNotice(fields.length ? '' : (answer.body?.errors?.[0]?.message ?? t('requestFailed')));
      // The try spent the human check: a new one for the next.
      setProof(null);
      setRound((value) => value + 1);
      requestAnimationFrame(() => (form.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
    } catch {
      setNotice(t('requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (made) {
    return (
      <article className="party-new" aria-labelledby="party-made-title">
        <h1 id="party-made-title" tabIndex={-1} ref={(element) => element?.focus()}>
          {t('partyCreated')}
        </h1>
        <p>{t('partyCreatedHint')}</p>
        <PartyShare party={made.doc} qr={made.qr} />
      </article>
    );
  }
  return (
    <article className="party-new" aria-labelledby="party-new-title">
      <h1 id="party-new-title">{heading}</h1>
      <p>{t('partyNewIntro')}</p>
      {/* Without JavaScript no human check can be made: the page says so instead of showing a form that cannot be sent. */}
      <noscript>
        <p className="party-notice party-needs-script">{t('partyNewNeedsScript')}</p>
        <style>{'.party-form{display:none}'}</style>
      </noscript>
      {/* method="post": never a GET with the answers in the address, should the browser send it itself. */}
      <form className="party-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <PartyFields choices={choices} errors={errors} />
        <HumanCheck key={round} action={PARTY_CAPTCHA_ACTION} lang={lang as Lang} onVerified={setProof} onCleared={() => setProof(null)} />
        <p className="party-notice" role="alert">
          {notice}
        </p>
        <button type="submit" className="party-action party-action-primary" disabled={busy}>
          {busy ? t('partyCreating') : t('partyCreate')}
        </button>
      </form>
    </article>
  );
}
