// A legal hold on one submission, from its row: place it (with a reason, asked inline) or lift it.
// The page searches again afterwards, so the row shows the hold as the server now holds it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOLD_REASON_MAX, type PrivacyMatch } from '../../../engine/contract/privacy.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { setLegalHold } from './privacyApi.ts';

export function HoldControl({ match, onChanged }: { match: PrivacyMatch; onChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const reference = match.reference ?? `#${match.id}`;
  const fieldId = `privacy-hold-${match.id}`;

  const change = async (placed: boolean, event?: FormEvent) => {
    event?.preventDefault();
    const answer = await setLegalHold(match.id, placed ? reason : null, lang);
    if (!answer.ok) return setProblem(answer.message);
    setAsking(false);
    onChanged(t(placed ? 'privacyHoldPlaced' : 'privacyHoldLifted', { reference }));
  };

  if (match.holdPlaced) {
    return (
      <button type="button" className="button button-secondary" onClick={() => void change(false)}>
        {t('privacyHoldLift', { reference })}
      </button>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
        {t('privacyHoldPlace', { reference })}
      </button>
    );
  }
  return (
    <form className="privacy-hold" onSubmit={(event) => void change(true, event)} noValidate>
      <label className="field-label" htmlFor={fieldId}>
        {t('privacyHoldReason', { reference })}
      </label>
      <input
        id={fieldId}
        // The field the button just opened: where a keyboard user now types.
        autoFocus
        maxLength={HOLD_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-kept ${fieldId}-error` : `${fieldId}-kept`}
      />
      {/* The reason is kept in the audit log, after an erasure too. */}
      <p id={`${fieldId}-kept`} className="field-help">
        {t('privacyReasonKept')}
      </p>
      {problem && (
        <p id={`${fieldId}-error`} className="field-error">
          {problem}
        </p>
      )}
      <button type="submit" className="button button-primary">
        {t('privacyHoldSave')}
      </button>
    </form>
  );
}
