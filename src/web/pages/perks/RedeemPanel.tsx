// Redeeming one perk at the counter: the employee opens it, the restaurant's staff type their
// confirmation code on the employee's phone, the server checks it and allows one per week.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../engine/text/messages.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

interface Props {
  perk: string;
  titleId: string;
  redeemed: boolean;
  onRedeemed: () => void;
}

/** The server's answer, worded in the page's language. */
function outcome(status: number | null, field: string | undefined): MessageKey {
  if (status === 409) return 'perksAlreadyRedeemed';
  if (status === 429) return 'perksTooManyCodes';
  if (status === 400 && field === 'code') return 'perksWrongCode';
  return 'perksFailed';
}

export function RedeemPanel({ perk, titleId, redeemed, onRedeemed }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<MessageKey | null>(null);
  const [result, setResult] = useState<MessageKey | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const codeId = `${titleId}-code`;

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = input.current?.value.trim() ?? '';
    setResult(null);
    if (!code) {
      setCodeError('required');
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await staffRequest('POST', '/api/perk-redemptions', { perk, code }).catch(() => null);
    setBusy(false);
    if (answer?.status === 201 || answer?.status === 409) {
      setCodeError(null);
      setOpen(false);
      setResult(answer.status === 201 ? 'perksSuccess' : 'perksAlreadyRedeemed');
      onRedeemed();
      return;
    }
    const message = outcome(answer?.status ?? null, refusalOf(answer?.body).fields[0]?.path);
    if (message === 'perksWrongCode') {
      setCodeError(message);
      input.current?.select();
    } else setResult(message);
  }

  return (
    <div className="perk-redeem-panel">
      {!open && (
        <button type="button" className="perk-redeem" disabled={redeemed} onClick={() => setOpen(true)} aria-describedby={titleId}>
          {t('perksRedeem')}
        </button>
      )}
      {open && (
        <form className="perk-code-form" noValidate onSubmit={confirm}>
          <p>{t('perksStaffMustEnter')}</p>
          <div className={`field${codeError ? ' has-error' : ''}`}>
            <label className="field-label" htmlFor={codeId}>
              {t('perksCode')}
            </label>
            <input
              ref={input}
              id={codeId}
              className="input input-ltr perk-code"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${codeId}-error` : undefined}
            />
            <p className="field-error" id={`${codeId}-error`} role="alert">
              {codeError ? t(codeError) : ''}
            </p>
          </div>
          <div className="perk-code-actions">
            <button type="submit" className="perk-redeem" disabled={busy}>
              {t('perksConfirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              {t('perksCancel')}
            </button>
          </div>
        </form>
      )}
      <p className="perk-result" role="status">
        {result ? t(result) : ''}
      </p>
    </div>
  );
}
