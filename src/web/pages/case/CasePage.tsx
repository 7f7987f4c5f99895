// /reply/:token: the guest's case page. The thread as the guest may see it (what they wrote with
// their submission, the venue's replies signed by first name, their own answers), every text shown
// as text (never as HTML), and a box to answer with an optional photo. Without JavaScript the box is
// a plain form posted by the browser to the page's own address (features/cases guest-plugin.ts,
// multipart with the photo): stored, the page comes back at #answer-sent (the notice shows by
// :target); refused, the server renders this page again with the words kept and the reason at the
// box or the photo (nativePost.ts). With JavaScript the photo goes through the uploads path (its id
// and claim), the answer to POST /api/case/{token}/messages, and the stored answer joins the thread.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData, usePageLocation } from '../../shell/pageContext.tsx';
import { CASE_ANSWER_MAX_LENGTH, CASE_ANSWER_SENT, CASE_PAGE_PREFIX, CASE_PHOTO_RULE, type GuestCase } from '../../../engine/contract/cases.ts';
import type { PostedFieldError as FieldError } from '../../../engine/contract/native-post.ts';
import { megabytes } from '../../../engine/text/format.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';
import { apiRequest } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import { nativePostOutcome } from '../../form/nativePost.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import type { CaseData } from './caseLoader.ts';
import './case.css';

type Message = GuestCase['docs'][number];

const ANSWER_ID = 'case-answer';
const PHOTO_ID = 'case-photo';

type Sent = { errors: FieldError[]; notice?: string };

export default function CasePage() {
  const { guestCase, token } = usePageData<CaseData>();
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = usePageLocation();
  const { venue, reference, comments, docs } = guestCase;
  const title = t('casePageTitle', { venue });
  useTitleExtra(title);
  const [busy, setBusy] = useState(false);
  // The answers sent from this page (with JavaScript), as the server stored them, after the thread it was loaded with.
  const [added, setAdded] = useState<Message[]>([]);
  // Why the answer sent from this page (with JavaScript) was not taken.
  const [sent, setSent] = useState<Sent | null>(null);
  // Only in the server's render after a refused post: the words sent, and why they were not taken.
  const outcome = nativePostOutcome();
  const refused = outcome?.kind === 'refused' ? outcome : null;
  const errors = sent?.errors ?? refused?.errors ?? [];
  const notice = sent ? sent.notice : refused?.notice;
  const error = errors.find((found) => found.path === 'text')?.message;
  const photoError = errors.find((found) => found.path === CASE_PHOTO_RULE.field)?.message;
  const kept = typeof refused?.answers.text === 'string' ? refused.answers.text : undefined;
  const mb = megabytes(CASE_PHOTO_RULE.maxBytes);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get(CASE_PHOTO_RULE.field);
    setBusy(true);
    try {
      let photo: { id: number; claim?: string } | undefined;
      if (file instanceof File && file.size > 0) {
        const uploaded = await uploadFile(CASE_PHOTO_RULE.collection, file, () => undefined).done;
        if (!uploaded.ok) {
          const message = uploaded.reason === 'tooLarge' ? t('fileTooLarge', { mb }) : uploaded.reason === 'wrongType' ? t('fileType') : t('uploadFailed');
          setSent({ errors: [{ path: CASE_PHOTO_RULE.field, message }] });
          return;
        }
        photo = { id: Number(uploaded.id), claim: uploaded.claim };
      }
      const answer = await apiRequest<Message & { errors?: { data?: { errors?: FieldError[] } }[] }>(
        'POST',
        `/api/case/${encodeURIComponent(token)}/messages`,
        {
          json: { text: String(data.get('text') ?? ''), ...(photo ? { photo: photo.id } : {}) },
          headers: photo?.claim ? { 'X-Upload-Claim': photo.claim } : {},
        },
      );
      if (answer.status !== 201) {
        const refusals = answer.body?.errors?.[0]?.data?.errors;
        setSent(answer.status === 400 && refusals?.length ? { errors: refusals } : { errors: [], notice: t('casePageNotSent') });
        return;
      }
      const { id, direction, text, author, createdAt, photo: stored } = answer.body;
      setAdded((before) => [...before, { id, direction, text, author, createdAt, ...(stored ? { photo: stored } : {}) }]);
      setSent(null);
      form.reset();
      // The notice shows by :target, as after the page's own post; the browser moves to it.
      window.location.assign(`#${CASE_ANSWER_SENT}`);
    } catch {
      setSent({ errors: [], notice: t('casePageNotSent') });
    } finally {
      setBusy(false);
    }
  }
  const who = (message: Message) =>
    message.direction === 'from-guest'
      ? t('casePageFromYou')
      : message.author
        ? t('casePageFromStaff', { name: message.author, venue })
        : t('casePageFromVenue', { venue });
  const described = [`${ANSWER_ID}-hint`, error ? `${ANSWER_ID}-error` : ''].filter(Boolean).join(' ');
  const photoDescribed = [`${PHOTO_ID}-hint`, photoError ? `${PHOTO_ID}-error` : ''].filter(Boolean).join(' ');
  return (
    <article className="case-page" aria-labelledby="case-title">
      <h1 id="case-title">{title}</h1>
      <p className="case-reference">{t('caseReplyReference', { reference })}</p>
      <p id={CASE_ANSWER_SENT} className="case-sent" role="status" tabIndex={-1}>
        {t('casePageSent')}
      </p>
      <section aria-labelledby="case-thread-title">
        <h2 id="case-thread-title">{t('casePageConversation')}</h2>
        <ol className="case-thread">
          {comments.length > 0 && (
            <li className="case-message" data-direction="from-guest">
              <h3>{t('casePageYourComment')}</h3>
              {comments.map((comment, index) => (
                <p key={index} className="case-text" dir="auto">
                  {comment}
                </p>
              ))}
            </li>
          )}
          {[...docs, ...added].map((message) => (
            <li key={message.id} className="case-message" data-direction={message.direction}>
              <h3>
                {who(message)} <time dateTime={message.createdAt}>{venueTime(message.createdAt, lang)}</time>
              </h3>
              <p className="case-text" dir="auto">
                {message.text}
              </p>
              {message.photo && (
                <a className="case-photo" href={message.photo.url} target="_blank" rel="noopener noreferrer">
                  <img src={message.photo.url} alt={t('casePagePhotoAlt')} />
                </a>
              )}
            </li>
          ))}
        </ol>
      </section>
      <form
        className="case-answer"
        method="post"
        encType="multipart/form-data"
        action={`${CASE_PAGE_PREFIX}${encodeURIComponent(token)}${search}`}
        onSubmit={(event) => void send(event)}
        aria-busy={busy || undefined}
      >
        {notice && (
          <p className="case-notice" role="alert">
            {notice}
          </p>
        )}
        <label htmlFor={ANSWER_ID}>{t('casePageAnswer')}</label>
        <p id={`${ANSWER_ID}-hint`} className="case-hint">
          {t('casePageAnswerHint', { max: CASE_ANSWER_MAX_LENGTH })}
        </p>
        {error && (
          <p id={`${ANSWER_ID}-error`} className="case-error" role={sent ? 'alert' : undefined}>
            {error}
          </p>
        )}
        <textarea
          id={ANSWER_ID}
          name="text"
          rows={6}
          maxLength={CASE_ANSWER_MAX_LENGTH}
          defaultValue={kept}
          dir="auto"
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={PHOTO_ID}>{t('casePagePhoto')}</label>
        <p id={`${PHOTO_ID}-hint`} className="case-hint">
          {t('casePagePhotoHint', { mb })}
        </p>
        {photoError && (
          <p id={`${PHOTO_ID}-error`} className="case-error" role={sent ? 'alert' : undefined}>
            {photoError}
          </p>
        )}
        <input
          type="file"
          id={PHOTO_ID}
          name={CASE_PHOTO_RULE.field}
          accept={CASE_PHOTO_RULE.accept.join(',')}
          aria-describedby={photoDescribed}
          aria-invalid={photoError ? true : undefined}
        />
        <button type="submit">{t(busy ? 'casePageSending' : 'casePageSend')}</button>
      </form>
    </article>
  );
}
