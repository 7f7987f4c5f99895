// /staff/verify: a Form ID typed, or a PDF copy of a waiver chosen, and the answer in plain words:
// do the stored answers still match the fingerprint (SHA-256) recorded when the guest signed?
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffTime } from '../../staff/staffTime.ts';
import { verifyWaiver, type VerifyOutcome } from './verifyApi.ts';
import './verify.css';

export default function VerifyPage() {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [reference, setReference] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<VerifyOutcome | 'need-one' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen && !reference.trim()) return setOutcome('need-one');
    setBusy(true);
    setOutcome(await verifyWaiver(chosen ? { file: chosen } : { reference: reference.trim() }));
    setBusy(false);
  };

  let message: { text: string; tone: 'good' | 'bad' } | null = null;
  if (outcome === 'need-one') message = { text: t('staffVerifyNeedOne'), tone: 'bad' };
  else if (outcome?.kind === 'checked') {
    const { result } = outcome;
    const words = { reference: result.reference, form: result.form, date: staffTime(result.signedAt, lang) };
    message = result.matches ? { text: t('staffVerifyMatches', words), tone: 'good' } : { text: t('staffVerifyChanged', words), tone: 'bad' };
  } else if (outcome?.kind === 'not-found') message = { text: t('staffVerifyNotFound'), tone: 'bad' };
  else if (outcome?.kind === 'refused') message = { text: outcome.message || t('staffVerifyFailed'), tone: 'bad' };
  else if (outcome?.kind === 'failed') message = { text: t('staffVerifyFailed'), tone: 'bad' };

  return (
    <section className="verify-page" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('staffVerifyTitle')}</h1>
      <p>{t('staffVerifyIntro')}</p>
      <form className="verify-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="verify-reference">{t('staffVerifyReference')}</label>
        <input
          id="verify-reference"
          name="reference"
          type="text"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <label htmlFor="verify-file">{t('staffVerifyFile')}</label>
        <input id="verify-file" name="file" type="file" accept="application/pdf,.pdf" ref={file} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('staffVerifyBusy') : t('staffVerifySubmit')}
        </button>
      </form>
      <div role="status" aria-live="polite" className={message ? `verify-result verify-${message.tone}` : 'verify-result'}>
        {message && <p>{message.text}</p>}
      </div>
    </section>
  );
}
