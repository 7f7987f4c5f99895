// The search of the privacy page: an email or a phone number (one of the two), checked by the
// server, whose refusal is shown on the field it names.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacySearchAnswer } from '../../../engine/contract/privacy.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { searchPerson, type Person } from './privacyApi.ts';

export function PersonSearch({ onFound }: { onFound: (person: Person, answer: PrivacySearchAnswer) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [values, setValues] = useState({ email: '', phone: '' });
  const [problem, setProblem] = useState<{ field: 'email' | 'phone'; message: string } | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await searchPerson(values, lang);
    if (answer.ok) {
      setProblem(null);
      onFound({ by: answer.body.by, value: answer.body.value }, answer.body);
    } else {
      setProblem({ field: answer.field === 'phone' ? 'phone' : 'email', message: answer.message });
    }
  };

  const input = (field: 'email' | 'phone', label: string, type: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`privacy-${field}`}>
        {label}
      </label>
      <input
        id={`privacy-${field}`}
        type={type}
        dir="ltr"
        autoComplete="off"
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        aria-invalid={problem?.field === field || undefined}
        aria-describedby={problem?.field === field ? `privacy-${field}-error` : undefined}
      />
      {problem?.field === field && (
        <p id={`privacy-${field}-error`} className="field-error">
          {problem.message}
        </p>
      )}
    </div>
  );

  return (
    <form className="privacy-search" onSubmit={(event) => void find(event)} noValidate>
      <fieldset>
        <legend>{t('privacyOneOf')}</legend>
        {input('email', t('privacyEmail'), 'email')}
        {input('phone', t('privacyPhone'), 'tel')}
      </fieldset>
      <button type="submit" className="button button-primary">
        {t('privacyFind')}
      </button>
    </form>
  );
}
