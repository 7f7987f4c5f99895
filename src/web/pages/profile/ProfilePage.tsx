// /staff/profile: the signed-in account's own settings (only its own: the server changes the
// caller's and nobody else's): the language of the emails sent to it, the weekly digest on or off,
// and "Preview my digest", this week's digest email as it would be sent (shown in a frame, no script).
import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import type { ProfileData } from './profileLoader.ts';
import { previewDigest, savePreferences, type PreviewOutcome, type SaveOutcome } from './profileApi.ts';
import './profile.css';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { lang } = useShell();
  const data = useLoaderData() as ProfileData;
  const [language, setLanguage] = useState<Lang>(data.preferences.lang);
  const [digest, setDigest] = useState(data.preferences.digest);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SaveOutcome | null>(null);
  const [preview, setPreview] = useState<PreviewOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(await savePreferences({ lang: language, digest }, lang));
    setBusy(false);
  };
  const showPreview = async () => {
    setPreview(null);
    setPreview(await previewDigest());
  };
  const refused = saved?.kind === 'refused' ? saved : null;

  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('staffProfileTitle')}</h1>
      <p>{t('staffProfileIntro')}</p>
      <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset aria-describedby={refused?.field === 'lang' ? 'profile-lang-error' : undefined}>
          <legend>{t('staffProfileLanguage')}</legend>
          {LANGUAGES.map((code) => (
            <label key={code} className="profile-choice">
              <input type="radio" name="lang" value={code} checked={language === code} onChange={() => setLanguage(code)} />
              <span lang={code} dir={code === 'ar' ? 'rtl' : 'ltr'}>
                {t('languageName', { lng: code })}
              </span>
            </label>
          ))}
          {refused?.field === 'lang' && (
            <p id="profile-lang-error" className="profile-error">
              {refused.message}
            </p>
          )}
        </fieldset>
        <div className="profile-digest">
          <input
            id="profile-digest"
            type="checkbox"
            name="digest"
            checked={digest}
            onChange={(event) => setDigest(event.target.checked)}
            aria-describedby={refused?.field === 'digest' ? 'profile-digest-hint profile-digest-error' : 'profile-digest-hint'}
          />
          <label htmlFor="profile-digest">{t('staffProfileDigest')}</label>
          <p id="profile-digest-hint" className="staff-note">
            {t('staffProfileDigestHint')}
          </p>
          {refused?.field === 'digest' && (
            <p id="profile-digest-error" className="profile-error">
              {refused.message}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('staffProfileSave')}
        </button>
      </form>
      <div role="status" aria-live="polite" className="profile-result">
        {saved?.kind === 'saved' && <p>{t('staffProfileSaved')}</p>}
        {refused && refused.field === null && <p className="profile-error">{t('staffProfileSaveFailed', { message: refused.message })}</p>}
      </div>
      <h2>{t('staffProfilePreviewTitle')}</h2>
      <button id="profile-preview-button" type="button" className="button" onClick={() => void showPreview()}>
        {t('staffProfilePreview')}
      </button>
      <div role="status" aria-live="polite">
        {preview?.kind === 'none' && <p>{t('staffProfileNoDigest')}</p>}
        {preview?.kind === 'failed' && <p className="profile-error">{t('staffProfilePreviewFailed', { status: preview.status })}</p>}
        {preview?.kind === 'preview' && !preview.preview.sent && <p>{t('staffProfilePreviewOff')}</p>}
      </div>
      {preview?.kind === 'preview' && (
        <iframe className="profile-preview" title={t('staffProfilePreviewFrame')} sandbox="" srcDoc={preview.preview.html} lang={preview.preview.lang} />
      )}
    </section>
  );
}
