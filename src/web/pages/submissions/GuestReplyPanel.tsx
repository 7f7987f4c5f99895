// Replying to the guest from the submission page (service recovery, features/cases): the thread,
// then a reply box in the guest's language, started from a reply template or written, previewed as
// the guest will read it (placeholders filled by the server) and sent; when no reply is possible
// (no email, the guest said no), the reason stands instead of the box. Sending moves the case: to
// waiting for the guest's answer (offered, and ticked, beside the button) or else in progress.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_REPLY_MAX_LENGTH, type CasePreview, type CaseReply, type CaseThread } from '../../../engine/contract/cases.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { REPLY_PLACEHOLDERS } from '../../../engine/cases/reply-placeholders.ts';
import { BLOCK_LABELS, LANGUAGE_LABELS, loadTemplates, loadThread, previewReply, sendReply, type ReplyOutcome, type ReplyTemplate } from './caseApi.ts';
import { CaseMessages } from './CaseMessages.tsx';
import './caseReply.css';

interface Props {
  collection: string;
  formId: string;
  id: number;
  lang: Lang;
  /** After a reply was sent: the case moved (waiting for the guest, or in progress), so the follow-up shown is read again. */
  onSent?: () => void;
}

const RTL: readonly Lang[] = ['ar'];

export function GuestReplyPanel({ collection, formId, id, lang, onSent }: Props) {
  const { t } = useTranslation();
  const [thread, setThread] = useState<CaseThread | null | 'failed'>(null);
  const [templates, setTemplates] = useState<ReplyTemplate[]>([]);
  const [text, setText] = useState('');
  const [template, setTemplate] = useState('');
  const [preview, setPreview] = useState<CasePreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  // A reply usually asks the guest something: the case then waits for their answer (its clock stands still).
  const [waitForGuest, setWaitForGuest] = useState(true);

  useEffect(() => {
    let live = true;
    void loadThread(collection, id).then(async (loaded) => {
      if (!live) return;
      setThread(loaded ?? 'failed');
      if (loaded && !loaded.reply.blocked) {
        const found = await loadTemplates(formId, loaded.reply.lang);
        if (live) setTemplates(found);
      }
    });
    return () => {
      live = false;
    };
  }, [collection, formId, id]);

  if (thread === null) return <p className="console-note">{t('staffCaseLoading')}</p>;
  if (thread === 'failed') return <p className="console-note">{t('staffCaseLoadFailed')}</p>;
  const guestLang = thread.reply.lang;
  const reply = (): CaseReply => ({ text, ...(template ? { template: Number(template) } : {}), waitForGuest });

  /** The outcome's refusal shown; true when it went through. */
  function settle<T>(outcome: ReplyOutcome<T>): outcome is { kind: 'done'; value: T } {
    setErrors(outcome.kind === 'invalid' ? outcome.fieldErrors : {});
    if (outcome.kind === 'blocked')
      setThread((current) => (current && current !== 'failed' ? { ...current, reply: { ...current.reply, blocked: outcome.block } } : current));
    if (outcome.kind === 'failed') setStatus(outcome.message ?? t('staffCaseFailed'));
    return outcome.kind === 'done';
  }

  function pickTemplate(value: string) {
    setTemplate(value);
    setPreview(null);
    const picked = templates.find((candidate) => String(candidate.id) === value);
    if (picked) setText(picked.body);
  }

  async function showPreview() {
    setStatus('');
    const outcome = await previewReply(collection, id, reply(), lang);
    if (settle(outcome)) setPreview(outcome.value);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    const outcome = await sendReply(collection, id, reply(), lang);
    if (!settle(outcome)) return;
    const sent = outcome.value;
    setThread((current) => (current && current !== 'failed' ? { ...current, docs: [...current.docs, sent] } : current));
    setText('');
    setTemplate('');
    setPreview(null);
    setStatus(t('staffCaseSent'));
    onSent?.();
  }

  const language = t(LANGUAGE_LABELS[guestLang]);
  return (
    <section className="console-followup" aria-labelledby="console-case">
      <h2 id="console-case">{t('staffCaseMessages')}</h2>
      <CaseMessages messages={thread.docs} guestLang={guestLang} lang={lang} />
      <h3>{t('staffCaseReplyTitle')}</h3>
      {thread.reply.blocked ? (
        <p className="console-note">{t(BLOCK_LABELS[thread.reply.blocked])}</p>
      ) : (
        <form className="console-followup-form" onSubmit={send} noValidate>
          <p className="console-note">{t('staffCaseGuestLanguage', { language })}</p>
          {templates.length > 0 && (
            <div className="field">
              <label className="field-label" htmlFor="case-template">
                {t('staffCaseTemplate')}
              </label>
              <select
                id="case-template"
                className="input"
                value={template}
                onChange={(event) => pickTemplate(event.target.value)}
                aria-invalid={errors.template ? true : undefined}
                aria-describedby={errors.template ? 'case-template-error' : undefined}
              >
                <option value="">{t('staffCaseNoTemplate')}</option>
                {templates.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
              <p className="field-error" id="case-template-error" role="alert">
                {errors.template ?? ''}
              </p>
            </div>
          )}
          <div className="field">
            <label className="field-label" htmlFor="case-reply">
              {t('staffCaseReplyText')}
            </label>
            <p className="field-help" id="case-reply-help">
              {t('staffCasePlaceholders', { list: REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(', ') })}
            </p>
            <textarea
              id="case-reply"
              className="input textarea"
              lang={guestLang}
              dir="auto"
              rows={8}
              maxLength={CASE_REPLY_MAX_LENGTH}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPreview(null);
              }}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? 'case-reply-help case-reply-error' : 'case-reply-help'}
            />
            <p className="field-error" id="case-reply-error" role="alert">
              {errors.text ?? ''}
            </p>
          </div>
          <button type="button" className="button" onClick={() => void showPreview()}>
            {t('staffCasePreviewButton')}
          </button>
          {preview && (
            <section aria-labelledby="case-preview" className="console-case-preview">
              <h4 id="case-preview">{t('staffCasePreview')}</h4>
              <div lang={preview.lang} dir={RTL.includes(preview.lang) ? 'rtl' : 'ltr'}>
                <p>
                  <strong>{preview.subject}</strong>
                </p>
                <p className="console-note-text">{preview.text}</p>
              </div>
            </section>
          )}
          <div className="field">
            <label className="console-check">
              <input type="checkbox" checked={waitForGuest} onChange={(event) => setWaitForGuest(event.target.checked)} /> {t('staffCaseWaitForGuest')}
            </label>
          </div>
          <button type="submit" className="button button-primary">
            {t('staffCaseSend')}
          </button>
        </form>
      )}
      <p role="status" className="console-note">
        {status}
      </p>
    </section>
  );
}
