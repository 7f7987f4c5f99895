// A case's thread on the submission page: the replies to the guest (who wrote it, when, and the
// state of its email: queued until a mail server takes it, failed with the server's words) and,
// later, the guest's answers, with the photo one may carry (opened through the uploads file route, the
// submission's read check). The recovery survey's email is an entry of its own (its subject, its
// delivery: queued without a mail server). Written in the guest's language, so marked with it.
import { useTranslation } from 'react-i18next';
import type { CaseMessage } from '../../../engine/contract/cases.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { DELIVERY_LABELS } from './caseApi.ts';

interface Props {
  messages: CaseMessage[];
  guestLang: Lang;
  lang: Lang;
}

export function CaseMessages({ messages, guestLang, lang }: Props) {
  const { t } = useTranslation();
  if (messages.length === 0) return <p className="console-note">{t('staffCaseNoMessages')}</p>;
  return (
    <ol className="console-notes" aria-labelledby="console-case">
      {messages.map((message) => (
        <li key={message.id}>
          <p className="console-note">
            <strong>
              {t(message.kind === 'recovery-survey' ? 'staffCaseRecoverySurvey' : message.direction === 'to-guest' ? 'staffCaseToGuest' : 'staffCaseFromGuest')}
            </strong>{' '}
            {message.author ? t('staffCaseBy', { who: message.author, at: staffTime(message.createdAt, lang) }) : staffTime(message.createdAt, lang)}
          </p>
          <p dir="auto" lang={guestLang} className="console-note-text">
            {message.text}
          </p>
          {message.photo && (
            <p className="console-note">
              <a href={apiUrl(message.photo.url)} target="_blank" rel="noopener noreferrer">
                <img src={apiUrl(message.photo.url)} alt="" className="console-thumb" />
                {t('staffCasePhoto')}
              </a>
            </p>
          )}
          {message.delivery && (
            <p className="console-note">
              {t('staffCaseDelivery', { state: t(DELIVERY_LABELS[message.delivery.state]) })}
              {message.delivery.error && (
                <>
                  {' '}
                  <span dir="auto">({message.delivery.error})</span>
                </>
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
