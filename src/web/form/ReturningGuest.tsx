// A returning guest's step on a waiver page (its own chunk, loaded after hydration on waiver forms
// only): the phone or email of their last waiver, then the 6-digit code sent to them, traded for
// that waiver's answers, which the form starts again from (the guest checks, changes and signs).
// Opened at once when the address says ?again=1 (the expiry reminder's link). The code is sent in
// request bodies only and never kept on the device.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import type { ReturningCodeSent, ReturningPrefill } from '../../engine/contract/returning.ts';
import { apiRequest } from '../api/client.ts';

interface Props {
  formId: string;
  lang: Lang;
  /** Opened with the contact field focused (the reminder's link). */
  opened: boolean;
  onPrefill: (answers: Record<string, unknown>) => void;
}

type Refusal = { errors?: { data?: { errors?: { path?: string; message?: string }[] } }[] };
const refusalAt = (body: unknown, path: string): string | null =>
  (body as Refusal | null)?.errors?.[0]?.data?.errors?.find((error) => error.path === path)?.message ?? null;

export default function ReturningGuest({ formId, lang, opened, onPrefill }: Props) {
  const id = useId();
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'fill' | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // Each code sent moves the focus to the code's field, once it is shown.
  const [asked, setAsked] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ contact?: string; code?: string }>({});
  const contactInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (opened) contactInput.current?.focus();
  }, [opened]);
  useEffect(() => {
    if (asked > 0) codeInput.current?.focus();
  }, [asked]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!contact.trim()) {
      setErrors({ contact: t('returningContactInvalid', lang) });
      contactInput.current?.focus();
      return;
    }
    setBusy('send');
    const answer = await apiRequest<ReturningCodeSent>('POST', `/api/returning/code?locale=${lang}`, { json: { form: formId, contact, lang } }).catch(
      () => null,
    );
    setBusy(null);
    if (answer?.status === 202) {
      setErrors({});
      setSent(answer.body.message);
      setCode('');
      setAsked((count) => count + 1);
    } else {
      setErrors({ contact: refusalAt(answer?.body, 'contact') ?? t('returningFailed', lang) });
      contactInput.current?.focus();
    }
  };

  const fill = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('fill');
    const answer = await apiRequest<ReturningPrefill>('POST', `/api/returning/prefill?locale=${lang}`, { json: { form: formId, contact, code } }).catch(
      () => null,
    );
    setBusy(null);
    if (answer?.status === 200) {
      setStatus(answer.body.message);
      setSent(null);
      setCode('');
      onPrefill(answer.body.answers);
    } else {
      setErrors({ code: refusalAt(answer?.body, 'code') ?? t('returningFailed', lang) });
      codeInput.current?.focus();
    }
  };

  const field = (name: 'contact' | 'code') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [name === 'code' ? `${id}-code-help` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <details className="returning-guest" open={opened || undefined}>
      <summary>{t('returningTitle', lang)}</summary>
      <p className="field-help">{t('returningIntro', lang)}</p>
      <form className="returning-step" onSubmit={(event) => void send(event)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-contact`}>
            {t('returningContact', lang)}
          </label>
          <input
            {...field('contact')}
            ref={contactInput}
            className="input input-ltr"
            dir="ltr"
            type="text"
            name="contact"
            autoComplete="email"
            maxLength={254}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
          />
          {errors.contact && (
            <p className="field-error" id={`${id}-contact-error`}>
              {errors.contact}
            </p>
          )}
        </div>
        <button type="submit" className="button button-secondary" disabled={busy !== null}>
          {busy === 'send' ? t('returningSending', lang) : t('returningSend', lang)}
        </button>
      </form>
      <p role="status" className="returning-status">
        {sent ?? status ?? ''}
      </p>
      {sent && (
        <form className="returning-step" onSubmit={(event) => void fill(event)} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-code`}>
              {t('returningCode', lang)}
            </label>
            <p className="field-help" id={`${id}-code-help`}>
              {t('returningCodeHelp', lang)}
            </p>
            <input
              {...field('code')}
              ref={codeInput}
              className="input input-ltr returning-code"
              dir="ltr"
              type="text"
              name="one-time-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            {errors.code && (
              <p className="field-error" id={`${id}-code-error`}>
                {errors.code}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === 'fill' ? t('returningFilling', lang) : t('returningFill', lang)}
          </button>
        </form>
      )}
    </details>
  );
}
