// Signs out (the server revokes the session token, so a copied token stops working too) and
// shows the sign-in page saying so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { staffRequest } from '../../staff/staffRequest.ts';
import { staffLink } from '../../staff/staffLink.ts';

export function SignOutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      const answer = await staffRequest('POST', '/api/users/logout');
      if (answer.status === 200) {
        navigate(staffLink('/login?signed-out=1', search), { replace: true });
        return;
      }
      setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className="button button-secondary" onClick={signOut} disabled={busy}>
        {t('signOut')}
      </button>
      <p className="field-error" role="alert">
        {failed ? t('signOutFailed') : ''}
      </p>
    </div>
  );
}
