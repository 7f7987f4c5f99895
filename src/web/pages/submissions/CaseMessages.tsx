// A case's thread on the submission page: the replies to the guest (who wrote it, when, and the
// state of its email: queued until a mail server takes it, failed with the server's words) and,
// later, the guest's answers. Written in the guest's language, so marked with it.
import { useTranslation } from 'react-i18next';
import type { CaseMessage } from '../../../engine/contract/cases.ts';
import type { Lang } from '../../../engine/text/languages.ts';
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
            <strong>{t(message.direction === 'to-guest' ? 'staffCaseToGuest' : 'staffCaseFromGuest')}</strong>{' '}
            {t('staffCaseBy', { who: message.author ?? '', at: staffTime(message.createdAt, lang) })}
          </p>
          <p dir="auto" lang={guestLang} className="console-note-text">
            {message.text}
          </p>
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
