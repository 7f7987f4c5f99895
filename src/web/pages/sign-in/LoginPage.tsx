// /login: email and password (Payload's POST /api/users/login; the server sets the HttpOnly
// session cookie), and "Sign in with company account" when single sign-on is configured. Errors
// are shown next to their field and announced; the page then goes back to ?next= or /login-success.
// When many wrong passwords were tried for the account (from anywhere), the server asks this browser
// for the human check (a CaptchaError) unless it signed in to that account before: the check is shown
// and the next sign-in carries its proof (X-Captcha-Proof), one proof per attempt.
import { useState, type FormEvent } from 'react';
import { HumanCheck } from '../../captcha/HumanCheck.tsx';
import { SIGN_IN_CAPTCHA_ACTION } from '../../../engine/contract/session.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';
import type { LoginData } from './loginLoader.ts';
import { SIGN_IN_ERRORS } from '../../staff/session.ts';
import '../../styles/form.css';
import '../../staff/accounts.css';
import { staffLink } from '../../staff/staffLink.ts';

type Field = 'email' | 'password';
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export default function LoginPage() {
  const { sso, next, error, signedOut } = useLoaderData() as LoginData;
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // Where to go once signed in, in the language of this page when nothing else was asked.
  const after = next ?? staffLink('/login-success', search);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(error ? t(SIGN_IN_ERRORS[error] ?? 'signInSsoFailed') : null);
  const [busy, setBusy] = useState(false);
  /** The server asked for the human check; its proof once solved (spent by the next attempt). */
  const [humanCheck, setHumanCheck] = useState<{ proof: string | null; round: number } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    const password = String(new FormData(form).get('password') ?? '');
    const errors: Partial<Record<Field, string>> = {};
    if (!email) errors.email = t('required');
    else if (!EMAIL.test(email)) errors.email = t('email');
    if (!password) errors.password = t('required');
    setFieldErrors(errors);
    setFormError(null);
    const first = (['email', 'password'] as const).find((field) => errors[field]);
    if (first) {
      form.querySelector<HTMLInputElement>(`#${fieldId(first)}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const proof = humanCheck?.proof;
      const answer = await staffRequest('POST', '/api/users/login', { email, password }, undefined, proof ? { 'X-Captcha-Proof': proof } : {});
      if (answer.status === 200) {
        navigate(after, { replace: true });
        return;
      }
      const askedForCheck = answer.status === 403 && refusalOf(answer.body).name === 'CaptchaError';
      // A proof is good for one attempt: a new check (a fresh widget) for the next.
      if (askedForCheck || proof) setHumanCheck((current) => ({ proof: null, round: (current?.round ?? 0) + 1 }));
      if (askedForCheck && !proof) {
        setFormError(t('signInHumanCheck'));
        return;
      }
      const passwordInput = form.querySelector<HTMLInputElement>(`#${fieldId('password')}`);
      if (passwordInput) passwordInput.value = '';
      setFormError(
        t(
          answer.status === 401
            ? 'signInWrong'
            : askedForCheck
              ? 'signInHumanCheck'
              : answer.status === 403
                ? 'signInDisabled'
                : answer.status === 429
                  ? 'signInTooMany'
                  : 'signInUnavailable',
        ),
      );
    } catch {
      setFormError(t('signInUnavailable'));
    } finally {
      setBusy(false);
    }
  }

  const ssoHref = `/api/users/oidc/start?next=${encodeURIComponent(after)}`;
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signInTitle')}</h1>
      <p>{t('signInIntro')}</p>
      {signedOut && !formError && (
        <p className="sign-in-note" role="status">
          {t('signedOut')}
        </p>
      )}
      <div className="sign-in-alert" role="alert">
        {formError}
      </div>
      <form className="sign-in-form" noValidate onSubmit={submit}>
        <LoginField name="email" type="email" autoComplete="username" label={t('signInEmail')} error={fieldErrors.email} />
        <LoginField name="password" type="password" autoComplete="current-password" label={t('signInPassword')} error={fieldErrors.password} />
        {humanCheck && (
          <HumanCheck
            key={humanCheck.round}
            action={SIGN_IN_CAPTCHA_ACTION}
            lang={i18n.language as Lang}
            onVerified={(proof) => setHumanCheck((current) => current && { ...current, proof })}
            onCleared={() => setHumanCheck((current) => current && { ...current, proof: null })}
          />
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('signInSubmitting') : t('signInSubmit')}
        </button>
      </form>
      {sso && (
        <>
          <p className="sign-in-or">{t('signInOr')}</p>
          <a className="button button-secondary sign-in-sso" href={ssoHref}>
            {t('signInSso')}
          </a>
        </>
      )}
    </section>
  );
}

const fieldId = (name: Field) => `sign-in-${name}`;

function LoginField(props: { name: Field; type: string; autoComplete: string; label: string; error?: string }) {
  const id = fieldId(props.name);
  return (
    <div className={`field${props.error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        dir="ltr"
        className="input input-ltr"
        autoComplete={props.autoComplete}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <p className="field-error" id={`${id}-error`} role="alert">
        {props.error}
      </p>
    </div>
  );
}
