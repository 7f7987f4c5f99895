// The questions of a new party (the organiser's page): the attraction, the visit day, the
// organiser's name, phone and email, and how many people. Each refusal of the server is shown
// next to its question (aria-invalid, aria-describedby), in the page's language.
import { useTranslation } from 'react-i18next';
import { PARTY_MAX_PEOPLE, PARTY_MIN_PEOPLE } from '../../engine/contract/party-names.ts';
import { todayIso } from '../../engine/text/format.ts';
import { useShell } from '../shell/ShellContext.tsx';

export interface PartyFormChoice {
  form: string;
  title: Record<string, string>;
}

type Errors = Partial<Record<string, string>>;

function Field({
  name,
  label,
  error,
  hint,
  ...input
}: { name: string; label: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `party-${name}-hint` : '', error ? `party-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="party-field">
      <label htmlFor={`party-${name}`}>{label}</label>
      {hint && (
        <p id={`party-${name}-hint`} className="party-field-hint">
          {hint}
        </p>
      )}
      <input id={`party-${name}`} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p id={`party-${name}-error`} className="party-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function PartyFields({ choices, errors }: { choices: readonly PartyFormChoice[]; errors: Errors }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  return (
    <>
      <div className="party-field">
        <label htmlFor="party-form">{t('partyAttraction')}</label>
        <select
          id="party-form"
          name="form"
          required
          aria-invalid={errors.form ? true : undefined}
          aria-describedby={errors.form ? 'party-form-error' : undefined}
          defaultValue={choices.length === 1 ? choices[0].form : ''}
        >
          {choices.length !== 1 && <option value="">—</option>}
          {choices.map((choice) => (
            <option key={choice.form} value={choice.form}>
              {choice.title[lang] ?? Object.values(choice.title)[0]}
            </option>
          ))}
        </select>
        {errors.form && (
          <p id="party-form-error" className="party-field-error">
            {errors.form}
          </p>
        )}
      </div>
      <Field name="visitDate" type="date" label={t('partyVisitDate')} error={errors.visitDate} min={todayIso()} required />
      <Field name="name" type="text" label={t('partyOrganiserName')} error={errors.name} autoComplete="name" maxLength={200} required />
      <Field
        name="phone"
        type="tel"
        dir="ltr"
        label={t('partyOrganiserPhone')}
        error={errors.phone}
        autoComplete="tel"
        placeholder="+974 5555 1234"
        maxLength={30}
        required
      />
      <Field
        name="email"
        type="email"
        dir="ltr"
        label={t('partyOrganiserEmail')}
        hint={t('partyOrganiserHint')}
        error={errors.email}
        autoComplete="email"
        maxLength={254}
        required
      />
      <Field
        name="expected"
        type="number"
        inputMode="numeric"
        label={t('partyExpected')}
        error={errors.expected}
        min={PARTY_MIN_PEOPLE}
        max={PARTY_MAX_PEOPLE}
        required
      />
    </>
  );
}

/** The form's answers as the API takes them. */
export function partyAnswers(form: HTMLFormElement, lang: string): Record<string, unknown> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const expected = Number(text('expected'));
  return {
    form: text('form'),
    visitDate: text('visitDate'),
    name: text('name'),
    phone: text('phone')
      .replace(/[\s\-().]/g, '')
      .replace(/^00/, '+'),
    email: text('email'),
    expected: text('expected') === '' || !Number.isFinite(expected) ? null : expected,
    lang,
  };
}
