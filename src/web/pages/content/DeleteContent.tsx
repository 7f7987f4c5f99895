// Deleting a content document from its editing page: asked once, then back to the list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { staffLink } from '../../staff/staffLink.ts';
import { staffRequest } from '../../staff/staffRequest.ts';

export function DeleteContent({ slug, id }: { slug: string; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!window.confirm(t('staffDeleteConfirm'))) return;
    setBusy(true);
    const answer = await staffRequest('DELETE', `/api/${encodeURIComponent(slug)}/${id}`).catch(() => null);
    setBusy(false);
    if (answer?.status === 200) return navigate(staffLink(`/staff/content/${slug}`, search));
    setFailed(true);
  };
  return (
    <div className="console-delete">
      <button type="button" className="button button-secondary" onClick={() => void remove()} disabled={busy}>
        {t('staffDelete')}
      </button>
      <p role="alert">{failed ? t('staffDeleteFailed') : ''}</p>
    </div>
  );
}
