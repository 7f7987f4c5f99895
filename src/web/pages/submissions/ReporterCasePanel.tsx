// Compliance's side of a reporter's case on the submission page (a form with reporterAccess, e.g.
// whistle-blowing; server: features/reporter staff-plugin.ts): its state and outcome, when the
// acknowledgement and the feedback are due (flagged when late), the thread with the reporter (read
// on their page, never emailed), "Acknowledge" (one action: the acknowledgement in the report's
// language), questions and feedback to the reporter, the next state (closing names an outcome) and
// the accounts excluded from the report (conflict of interest). Internal notes stay the follow-up's
// (FollowUpPanel.tsx), apart from what the reporter reads.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../engine/contract/followup.ts';
import type { ReporterStaffCase } from '../../../engine/contract/reporter.ts';
import { REPORT_OUTCOMES, REPORTER_TEXT_MAX_LENGTH, type ReportOutcome, type ReportState } from '../../../engine/cases/reporter-case.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { staffName } from './followUpApi.ts';
import {
  acknowledgeReport,
  changeReportState,
  loadReporterCase,
  MESSAGE_KIND_LABELS,
  REPORT_OUTCOME_LABELS,
  REPORT_STATE_LABELS,
  setExclusion,
  writeToReporter,
  type ReporterOutcome,
} from './reporterApi.ts';
import './caseReply.css';

interface Props {
  collection: string;
  id: number;
  lang: Lang;
  /** Who may read the form: the accounts that can be excluded. */
  accounts: StaffMember[];
}

export function ReporterCasePanel({ collection, id, lang, accounts }: Props) {
  const { t } = useTranslation();
  const [report, setReport] = useState<ReporterStaffCase | null | 'failed' | 'excluded'>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [nextState, setNextState] = useState('');

  useEffect(() => {
    let live = true;
    void loadReporterCase(collection, id).then((loaded) => live && setReport(loaded ?? 'failed'));
    return () => {
      live = false;
    };
  }, [collection, id]);

  if (report === null) return <p className="console-note">{t('staffReporterLoading')}</p>;
  if (report === 'failed') return <p className="console-note">{t('staffCaseLoadFailed')}</p>;
  if (report === 'excluded')
    return (
      <p className="console-note" role="status">
        {t('staffReporterExcludedSelf')}
      </p>
    );

  /** The outcome shown; true when it went through. */
  function settle(outcome: ReporterOutcome, done: string): boolean {
    setErrors(outcome.kind === 'invalid' ? outcome.fieldErrors : {});
    if (outcome.kind === 'failed') setStatus(outcome.message ?? t('staffReporterFailed'));
    if (outcome.kind !== 'done') return false;
    setReport(outcome.value.excluded === true ? 'excluded' : (outcome.value as ReporterStaffCase));
    setStatus(done);
    return true;
  }

  async function write(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setStatus('');
    const kind = data.get('kind') === 'feedback' ? 'feedback' : 'question';
    if (settle(await writeToReporter(collection, id, kind, String(data.get('text') ?? ''), lang), t('staffReporterSent'))) form.reset();
  }

  async function saveState(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setStatus('');
    const state = String(data.get('state') ?? '') as ReportState;
    const outcome = (String(data.get('outcome') ?? '') || null) as ReportOutcome | null;
    if (settle(await changeReportState(collection, id, state, outcome, lang), t('staffReporterStateSaved'))) setNextState('');
  }

  async function exclude(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = Number(new FormData(event.currentTarget).get('account'));
    setStatus('');
    if (!userId) return setErrors({ userId: t('staffReporterNoSuchAccount') });
    settle(await setExclusion(collection, id, userId, true, lang), '');
  }

  const nextStates = report.next.filter((state) => state !== 'acknowledged');
  const excludedIds = new Set(report.excluded.map((account) => account.id));
  const overdue =
    report.overdue === 'acknowledge' ? t('staffReporterOverdueAcknowledge') : report.overdue === 'feedback' ? t('staffReporterOverdueFeedback') : null;
  return (
    <section className="console-followup" aria-labelledby="console-reporter">
      <h2 id="console-reporter">{t('staffReporterTitle')}</h2>
      {overdue && <p className="console-due console-due-overdue">{overdue}</p>}
      <dl className="console-facts">
        <dt>{t('staffReporterState')}</dt>
        <dd>
          {t(REPORT_STATE_LABELS[report.state])}
          {report.outcome && <> ({t(REPORT_OUTCOME_LABELS[report.outcome])})</>}
        </dd>
        {report.acknowledgeDueAt && (
          <>
            <dt>{t('staffReporterClockAcknowledge')}</dt>
            <dd>
              {report.acknowledgedAt
                ? t('staffReporterAcknowledgedOn', { date: staffTime(report.acknowledgedAt, lang) })
                : t('staffReporterAckDue', { date: staffTime(report.acknowledgeDueAt, lang) })}
            </dd>
          </>
        )}
        {report.feedbackDueAt && (
          <>
            <dt>{t('staffReporterClockFeedback')}</dt>
            <dd>
              {report.feedbackAt
                ? t('staffReporterFeedbackOn', { date: staffTime(report.feedbackAt, lang) })
                : t('staffReporterFeedbackDue', { date: staffTime(report.feedbackDueAt, lang) })}
            </dd>
          </>
        )}
      </dl>
      {report.state === 'received' && (
        <p>
          <button
            type="button"
            className="button button-primary console-wrapping-button"
            onClick={async () => {
              setStatus('');
              settle(await acknowledgeReport(collection, id, lang), t('staffReporterAcknowledged'));
            }}
          >
            {t('staffReporterAcknowledge')}
          </button>
        </p>
      )}
      <h3 id="console-reporter-thread">{t('staffReporterThread')}</h3>
      {report.messages.length === 0 ? (
        <p className="console-note">{t('staffReporterNoMessages')}</p>
      ) : (
        <ol className="console-notes" aria-labelledby="console-reporter-thread">
          {report.messages.map((message) => (
            <li key={message.id}>
              <p className="console-note">
                <strong>
                  {message.from === 'reporter' ? t('staffReporterFromReporter') : t('staffReporterFromCompliance', { who: message.author ?? '' })}
                </strong>
                {message.kind && <> · {t(MESSAGE_KIND_LABELS[message.kind])}</>} · {staffTime(message.createdAt, lang)}
              </p>
              <p dir="auto" lang={report.lang} className="console-note-text">
                {message.text}
              </p>
              {message.files.length > 0 && (
                <p className="console-note">
                  {t('staffReporterFiles')}
                  {message.files.map((file, index) => (
                    <bdi key={index} dir="ltr">
                      {index > 0 ? ', ' : ''}
                      {file.name}
                    </bdi>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <form className="console-followup-form" onSubmit={write} noValidate aria-labelledby="console-reporter-write">
        <h3 id="console-reporter-write">{t('staffReporterWrite')}</h3>
        <p className="field-help" id="reporter-write-help">
          {t('staffReporterWriteHelp')}
        </p>
        <div className="field">
          <label className="field-label" htmlFor="reporter-kind">
            {t('staffReporterKind')}
          </label>
          <select id="reporter-kind" name="kind" className="input" defaultValue="question">
            <option value="question">{t('staffReporterKindQuestion')}</option>
            <option value="feedback">{t('staffReporterKindFeedback')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="reporter-text">
            {t('staffReporterText')}
          </label>
          <textarea
            id="reporter-text"
            name="text"
            className="input textarea"
            lang={report.lang}
            dir="auto"
            rows={5}
            maxLength={REPORTER_TEXT_MAX_LENGTH}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? 'reporter-write-help reporter-text-error' : 'reporter-write-help'}
          />
          <p className="field-error" id="reporter-text-error" role="alert">
            {errors.text ?? ''}
          </p>
        </div>
        <button type="submit" className="button button-primary">
          {t('staffReporterSend')}
        </button>
      </form>
      {nextStates.length > 0 && (
        <form className="console-followup-form" onSubmit={saveState} noValidate aria-labelledby="console-reporter-state">
          <h3 id="console-reporter-state">{t('staffReporterChangeState')}</h3>
          <div className="field">
            <label className="field-label" htmlFor="reporter-state">
              {t('staffReporterNewState')}
            </label>
            <select
              id="reporter-state"
              name="state"
              className="input"
              value={nextState}
              onChange={(event) => setNextState(event.target.value)}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? 'reporter-state-error' : undefined}
            >
              <option value="">{t('staffReporterChoose')}</option>
              {nextStates.map((state) => (
                <option key={state} value={state}>
                  {t(REPORT_STATE_LABELS[state])}
                </option>
              ))}
            </select>
            <p className="field-error" id="reporter-state-error" role="alert">
              {errors.state ?? ''}
            </p>
          </div>
          {nextState === 'closed' && (
            <div className="field">
              <label className="field-label" htmlFor="reporter-outcome">
                {t('staffReporterOutcomeLabel')}
              </label>
              <select
                id="reporter-outcome"
                name="outcome"
                className="input"
                defaultValue=""
                aria-invalid={errors.outcome ? true : undefined}
                aria-describedby={errors.outcome ? 'reporter-outcome-error' : undefined}
              >
                <option value="">{t('staffReporterChoose')}</option>
                {REPORT_OUTCOMES.map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {t(REPORT_OUTCOME_LABELS[outcome])}
                  </option>
                ))}
              </select>
              <p className="field-error" id="reporter-outcome-error" role="alert">
                {errors.outcome ?? ''}
              </p>
            </div>
          )}
          <button type="submit" className="button">
            {t('staffReporterSaveState')}
          </button>
        </form>
      )}
      <form className="console-followup-form" onSubmit={exclude} noValidate aria-labelledby="console-reporter-exclusions">
        <h3 id="console-reporter-exclusions">{t('staffReporterExclusions')}</h3>
        <p className="field-help" id="reporter-exclude-help">
          {t('staffReporterExcludeHelp')}
        </p>
        {report.excluded.length === 0 ? (
          <p className="console-note">{t('staffReporterNoExclusions')}</p>
        ) : (
          <ul className="console-notes">
            {report.excluded.map((account) => (
              <li key={account.id}>
                <bdi>{account.name || account.email}</bdi>{' '}
                <button
                  type="button"
                  className="button button-secondary console-wrapping-button"
                  onClick={async () => {
                    setStatus('');
                    settle(await setExclusion(collection, id, account.id, false, lang), '');
                  }}
                >
                  {t('staffReporterIncludeAgain', { who: account.name || account.email })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="field">
          <label className="field-label" htmlFor="reporter-exclude">
            {t('staffReporterExcludeAccount')}
          </label>
          <select
            id="reporter-exclude"
            name="account"
            className="input"
            defaultValue=""
            aria-invalid={errors.userId ? true : undefined}
            aria-describedby={errors.userId ? 'reporter-exclude-help reporter-exclude-error' : 'reporter-exclude-help'}
          >
            <option value="">{t('staffReporterChoose')}</option>
            {accounts
              .filter((account) => !excludedIds.has(account.id))
              .map((account) => (
                <option key={account.id} value={account.id}>
                  {staffName(account)}
                </option>
              ))}
          </select>
          <p className="field-error" id="reporter-exclude-error" role="alert">
            {errors.userId ?? ''}
          </p>
        </div>
        <button type="submit" className="button button-secondary">
          {t('staffReporterExclude')}
        </button>
      </form>
      <p role="status" className="console-note">
        {status}
      </p>
    </section>
  );
}
