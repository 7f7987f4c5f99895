// Erasure: a reason (required; kept in the audit log, so the page asks for no personal data in it), then a confirmation step, then the summary
// (erased, kept under legal hold with the hold's end). Focus goes to each new step, so a keyboard
// or screen-reader user is where the page is.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { ERASE_REASON_MAX, type PrivacyEraseAnswer } from '../../../engine/contract/privacy.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { erasePerson, type Person } from './privacyApi.ts';
import type { PrivacyData } from './privacyLoader.ts';
import { staffTime } from '../../staff/staffTime.ts';

type Step = { kind: 'reason' } | { kind: 'confirm' } | { kind: 'erasing' } | { kind: 'done'; answer: PrivacyEraseAnswer };

export function EraseRequest({ person }: { person: Person }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const { titles } = useLoaderData() as PrivacyData;
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'reason' });
  const [problem, setProblem] = useState('');
  const stepHeading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (step.kind === 'confirm' || step.kind === 'done') stepHeading.current?.focus();
  }, [step.kind]);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem(t('privacyReasonRequired'));
    setProblem('');
    setStep({ kind: 'confirm' });
  };
  const erase = async () => {
    setStep({ kind: 'erasing' });
    const answer = await erasePerson(person, reason, lang);
    if (answer.ok) return setStep({ kind: 'done', answer: answer.body });
    setProblem(answer.message);
    setStep({ kind: 'reason' });
  };

  if (step.kind === 'done') {
    const { erased, files, held, parties } = step.answer;
    return (
      <section aria-labelledby="privacy-erase" className="privacy-erase">
        <h2 id="privacy-erase">{t('privacyEraseTitle')}</h2>
        <p ref={stepHeading} tabIndex={-1} role="status">
          {t('privacyErased', { erased, files, held: held.length })}
          {parties > 0 && <> {t('privacyPartiesErased', { count: parties })}</>}
        </p>
        {held.length > 0 && (
          <ul>
            {held.map((item) => (
              <li key={`${item.form}:${item.reference}`}>
                {t('privacyHeldItem', {
                  form: titles[item.form]?.[lang] ?? titles[item.form]?.en ?? item.form,
                  reference: item.reference ?? '',
                  date: item.heldUntil ? staffTime(item.heldUntil, lang, 'day') : '',
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="privacy-erase" className="privacy-erase">
      <h2 id="privacy-erase">{t('privacyEraseTitle')}</h2>
      <form onSubmit={ask} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="privacy-reason">
            {t('privacyReason')}
          </label>
          <textarea
            id="privacy-reason"
            rows={3}
            maxLength={ERASE_REASON_MAX}
            value={reason}
            readOnly={step.kind !== 'reason'}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'privacy-reason-kept privacy-reason-error' : 'privacy-reason-kept'}
          />
          <p id="privacy-reason-kept" className="field-help">
            {t('privacyReasonKept')}
          </p>
          {problem && (
            <p id="privacy-reason-error" className="field-error">
              {problem}
            </p>
          )}
        </div>
        {step.kind === 'reason' && (
          <button type="submit" className="button button-secondary">
            {t('privacyErase')}
          </button>
        )}
      </form>
      {step.kind !== 'reason' && (
        <div className="privacy-confirm">
          <p ref={stepHeading} tabIndex={-1}>
            <strong>{t('privacyConfirm')}</strong>
          </p>
          <div className="privacy-actions">
            <button type="button" className="button button-primary privacy-danger" disabled={step.kind === 'erasing'} onClick={() => void erase()}>
              {step.kind === 'erasing' ? t('privacyErasing') : t('privacyEraseNow')}
            </button>
            <button type="button" className="button button-secondary" disabled={step.kind === 'erasing'} onClick={() => setStep({ kind: 'reason' })}>
              {t('privacyCancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
