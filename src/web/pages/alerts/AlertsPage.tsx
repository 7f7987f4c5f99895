// /staff/alerts: the alerts about submissions the staff member may read, new ones first marked,
// each linking to its submission; admins also see every delivery (queued, sent, retrying with the
// last error, failed) with the receiver's answer for webhooks, and resend one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { AlertDelivery, AlertItem, DeliveryState } from '../../../engine/contract/alerts.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import type { MessageKey } from '../../../engine/text/messages.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import type { AlertsData } from './alertsLoader.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { staffLink } from '../../staff/staffLink.ts';
import { staffRequest } from '../../staff/staffRequest.ts';
import '../../staff/console.css';
import { ReferenceText } from '../../staff/ReferenceText.tsx';

const STATE_TEXT: Record<DeliveryState, MessageKey> = {
  queued: 'alertsStateQueued',
  sent: 'alertsStateSent',
  retrying: 'alertsStateRetrying',
  failed: 'alertsStateFailed',
};

export default function AlertsPage() {
  const { inbox, log } = useLoaderData() as AlertsData;
  const { t } = useTranslation();
  const { search } = useLocation();
  const [status, setStatus] = useState('');
  // Marked read here since the page loaded: the loader is not run again for it.
  const [readNow, setReadNow] = useState<ReadonlySet<number>>(new Set());
  const markedRead = (id: number) => setReadNow((read) => new Set(read).add(id));
  return (
    <div className="console">
      <h1>{t('alertsTitle')}</h1>
      <p className="console-who" role="status">
        {t('alertsUnread', { count: inbox.unread - readNow.size })}
      </p>
      {inbox.docs.length === 0 ? (
        <p className="console-note">{t('alertsNone')}</p>
      ) : (
        <AlertList alerts={inbox.docs.map((alert) => (readNow.has(alert.id) ? { ...alert, read: true } : alert))} onRead={markedRead} />
      )}
      {log && (
        <section aria-labelledby="alerts-log">
          <h2 id="alerts-log">{t('alertsLog')}</h2>
          <p className="console-back">
            <Link to={staffLink('/staff/content/alert-rules', search)}>{t('alertsRules')}</Link>
          </p>
          {!log.mailConfigured && <p className="console-note">{t('alertsNoMail')}</p>}
          <p className="console-note" role="status">
            {status}
          </p>
          <DeliveryLog deliveries={log.docs} onStatus={setStatus} />
        </section>
      )}
    </div>
  );
}

function AlertList({ alerts, onRead }: { alerts: AlertItem[]; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const { search } = useLocation();
  const markRead = async (alert: AlertItem) => {
    const answer = await staffRequest('POST', `/api/alerts/${alert.id}/read`);
    if (answer.status === 200) onRead(alert.id);
  };
  return (
    <StaffTable caption={t('alertsTitle')} columns={[t('alertsColReceived'), t('alertsColAlert'), t('alertsColReference'), t('alertsColStatus')]}>
      {alerts.map((alert) => (
        <tr key={alert.id} className={alert.read ? undefined : 'alerts-new'}>
          <td>
            <span className="console-whole">{staffTime(alert.createdAt, lang)}</span>
          </td>
          <td>
            <ReferenceText text={alert.subject} reference={alert.reference} />
            <br />
            <span className="console-note">{alert.rule}</span>
          </td>
          <td>
            <Link to={staffLink(submissionConsolePath(alert.form, alert.submission), search)} className="console-reference">
              <bdi dir="ltr">{alert.reference}</bdi>
            </Link>
          </td>
          <td>
            {alert.read ? (
              t('alertsRead')
            ) : (
              <>
                <strong>{t('alertsNew')}</strong>{' '}
                <button type="button" className="button button-secondary" onClick={() => void markRead(alert)}>
                  {t('alertsMarkRead', { reference: alert.reference })}
                </button>
              </>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

function DeliveryLog({ deliveries, onStatus }: { deliveries: AlertDelivery[]; onStatus: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  // Queued again here since the page loaded (the sender takes them at once; reload to see the outcome).
  const [resent, setResent] = useState<ReadonlySet<number>>(new Set());
  const resend = async (delivery: AlertDelivery) => {
    const answer = await staffRequest('POST', `/api/alert-deliveries/${delivery.id}/resend`);
    onStatus(answer.status === 200 ? t('alertsResent', { recipient: delivery.recipient }) : t('alertsResendFailed'));
    if (answer.status === 200) setResent((ids) => new Set(ids).add(delivery.id));
  };
  return (
    <StaffTable
      caption={t('alertsLog')}
      columns={[t('alertsColReceived'), t('alertsColRecipient'), t('alertsColStatus'), t('alertsColTries'), t('alertsColAnswer')]}
    >
      {deliveries
        .map((shown) => (resent.has(shown.id) ? { ...shown, state: 'queued' as const, lastError: null, nextAttemptAt: null } : shown))
        .map((delivery) => (
          <tr key={delivery.id}>
            <td>
              <span className="console-whole">{staffTime(delivery.queuedAt, lang)}</span>
              <br />
              <bdi dir="ltr" className="console-reference">
                {delivery.reference}
              </bdi>
            </td>
            <td dir="ltr" className="alerts-recipient">
              {delivery.recipient}
            </td>
            <td>
              <strong className={`alerts-state alerts-state-${delivery.state}`}>{t(STATE_TEXT[delivery.state])}</strong>
              {delivery.lastError && <span className="console-note alerts-error"> {t('alertsLastError', { error: delivery.lastError })}</span>}
              {delivery.state === 'retrying' && delivery.nextAttemptAt && (
                <span className="console-note"> {t('alertsNextTry', { time: staffTime(delivery.nextAttemptAt, lang) })}</span>
              )}
              <br />
              <button type="button" className="button button-secondary" onClick={() => void resend(delivery)}>
                {t('alertsResend', { recipient: delivery.recipient })}
              </button>
            </td>
            <td>{delivery.attempts}</td>
            <td dir="ltr">
              {delivery.responseStatus === null ? '' : `${delivery.responseStatus}${delivery.responseMs === null ? '' : ` · ${delivery.responseMs} ms`}`}
            </td>
          </tr>
        ))}
    </StaffTable>
  );
}
