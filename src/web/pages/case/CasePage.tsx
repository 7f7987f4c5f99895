// /reply/:token: the guest's case page. The thread as the guest may see it (what they wrote with
// their submission, the venue's replies signed by first name, their own answers), every text shown
// as text (never as HTML), and a box to answer. The box is a plain form posted by the browser to
// the page's own address (features/cases guest-plugin.ts), so it works the same with or without
// JavaScript: stored, the page comes back at #answer-sent (the notice shows by :target); refused,
// the server renders this page again with the words kept and the reason at the box (nativePost.ts).
import { useTranslation } from 'react-i18next';
import { usePageData, usePageLocation } from '../../shell/pageContext.tsx';
import { CASE_ANSWER_MAX_LENGTH, CASE_ANSWER_SENT, CASE_PAGE_PREFIX, type GuestCase } from '../../../engine/contract/cases.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';
import { nativePostOutcome } from '../../form/nativePost.ts';
import { useShell, useTitleExtra } from '../../shell/ShellContext.tsx';
import type { CaseData } from './caseLoader.ts';
import './case.css';

type Message = GuestCase['docs'][number];

const ANSWER_ID = 'case-answer';

export default function CasePage() {
  const { guestCase, token } = usePageData<CaseData>();
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = usePageLocation();
  const { venue, reference, comments, docs } = guestCase;
  const title = t('casePageTitle', { venue });
  useTitleExtra(title);
  // Only in the server's render after a refused post: the words sent, and why they were not taken.
  const outcome = nativePostOutcome();
  const refused = outcome?.kind === 'refused' ? outcome : null;
  const error = refused?.errors.find((found) => found.path === 'text')?.message;
  const kept = typeof refused?.answers.text === 'string' ? refused.answers.text : undefined;
  const who = (message: Message) =>
    message.direction === 'from-guest'
      ? t('casePageFromYou')
      : message.author
        ? t('casePageFromStaff', { name: message.author, venue })
        : t('casePageFromVenue', { venue });
  const described = [`${ANSWER_ID}-hint`, error ? `${ANSWER_ID}-error` : ''].filter(Boolean).join(' ');
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
          {docs.map((message) => (
            <li key={message.id} className="case-message" data-direction={message.direction}>
              <h3>
                {who(message)} <time dateTime={message.createdAt}>{venueTime(message.createdAt, lang)}</time>
              </h3>
              <p className="case-text" dir="auto">
                {message.text}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <form className="case-answer" method="post" action={`${CASE_PAGE_PREFIX}${encodeURIComponent(token)}${search}`}>
        {refused?.notice && (
          <p className="case-notice" role="alert">
            {refused.notice}
          </p>
        )}
        <label htmlFor={ANSWER_ID}>{t('casePageAnswer')}</label>
        <p id={`${ANSWER_ID}-hint`} className="case-hint">
          {t('casePageAnswerHint', { max: CASE_ANSWER_MAX_LENGTH })}
        </p>
        {error && (
          <p id={`${ANSWER_ID}-error`} className="case-error">
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
        <button type="submit">{t('casePageSend')}</button>
      </form>
    </article>
  );
}
