// /staff/forms/:form/:id: one submission, every answer labelled as the guest saw it (in the
// staff member's language), its files, signatures, the waiver evidence, its reference and dates,
// its follow-up (FollowUpPanel.tsx) and, for a reporter's case, compliance's side of it (ReporterCasePanel.tsx).
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { AnswerValue, fieldLabel } from './AnswerValue.tsx';
import { staffTime } from '../../staff/staffTime.ts';
import { BackLink } from '../../staff/frame.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import type { SubmissionData } from './submissionLoader.ts';
import { FollowUpPanel } from './FollowUpPanel.tsx';
import { readFollowUp } from './followUpApi.ts';
import type { FollowUp } from '../../../engine/contract/followup.ts';
import { GuestReplyPanel } from './GuestReplyPanel.tsx';
import { ReporterCasePanel } from './ReporterCasePanel.tsx';
import { SignedTerms } from './SignedTerms.tsx';
import '../../styles/form.css';
import '../../staff/console.css';
import { staffTitleOf } from '../../staff/consoleAccess.ts';
import { DIRECT_SOURCE } from '../../../engine/contract/reach-names.ts';

/** The waiver record's parts, by their key in the stored evidence (server/forms/evidence.ts). */
const EVIDENCE_LABELS = {
  formId: 'staffEvidenceFormId',
  formVersion: 'staffEvidenceFormVersion',
  formHash: 'staffEvidenceFormHash',
  language: 'staffEvidenceLanguage',
  answersSha256: 'staffEvidenceAnswersSha256',
  recordedAt: 'staffEvidenceRecordedAt',
  receivedAt: 'staffEvidenceReceivedAt',
  ip: 'staffEvidenceIp',
  userAgent: 'staffEvidenceUserAgent',
  consentText: 'staffEvidenceConsentText',
  termsSha256: 'staffEvidenceTermsSha256',
} as const;
const EVIDENCE_TIMES = new Set(['recordedAt', 'receivedAt']);

export default function SubmissionPage() {
  const { compiled, textLang, doc, assignees, signedTerms } = useLoaderData() as SubmissionData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  // A reply moves the case (waiting for the guest, or in progress): the follow-up is read again then.
  const [followUp, setFollowUp] = useState<FollowUp>(doc.followUp);
  const replied = () => void readFollowUp(compiled.collection, doc.id).then((found) => found && setFollowUp(found));
  const fields = dataFields(compiled.form).filter((field) => doc[field.name] !== undefined && doc[field.name] !== null && doc[field.name] !== '');
  const evidence = doc.evidence ? Object.entries(doc.evidence) : [];
  return (
    <div className="console">
      <BackLink to={`/staff/forms/${compiled.id}`}>{t('staffAllSubmissions')}</BackLink>
      <h1>
        <span>{staffTitleOf(compiled, lang)}</span>{' '}
        <bdi dir="ltr" className="console-reference">
          {doc.reference}
        </bdi>
      </h1>
      <dl className="console-facts">
        <dt>{t('staffReference')}</dt>
        <dd>
          <bdi dir="ltr" className="console-reference">
            {doc.reference}
          </bdi>
        </dd>
        <dt>{t('staffReceived')}</dt>
        <dd>{staffTime(doc.createdAt, lang)}</dd>
        {typeof doc.source === 'string' && (
          <>
            <dt>{t('staffSource')}</dt>
            <dd>{doc.source === DIRECT_SOURCE ? t('staffSourceDirect') : <bdi dir="ltr">{doc.source}</bdi>}</dd>
          </>
        )}
        {doc.updatedAt && doc.updatedAt !== doc.createdAt && (
          <>
            <dt>{t('staffUpdatedAt')}</dt>
            <dd>{staffTime(doc.updatedAt, lang)}</dd>
          </>
        )}
      </dl>
      {/* Keyed by its state too: a reply that moved the case (read again, onSent) shows the new state. */}
      <FollowUpPanel key={`${doc.id}-${followUp.state}`} collection={compiled.collection} id={doc.id} lang={lang} initial={followUp} assignees={assignees} />
      {compiled.form.reporterAccess && (
        <ReporterCasePanel key={`reporter-${doc.id}`} collection={compiled.collection} id={doc.id} lang={lang} accounts={assignees} />
      )}
      {compiled.form.contact && (
        <GuestReplyPanel key={`reply-${doc.id}`} collection={compiled.collection} formId={compiled.id} id={doc.id} lang={lang} onSent={replied} />
      )}
      <h2 id="console-answers">{t('staffAnswers')}</h2>
      <StaffTable caption={t('staffAnswers')} columns={[t('staffQuestion'), t('staffAnswer')]} rowsLang={textLang}>
        {fields.map((field) => (
          <tr key={field.name}>
            <th scope="row">{fieldLabel(compiled.id, field, textLang)}</th>
            <td>
              <AnswerValue
                formId={compiled.id}
                field={field}
                value={doc[field.name]}
                lang={textLang}
                signatureUrl={`/api/${compiled.collection}/${doc.id}/signature/${field.name}.svg`}
              />
            </td>
          </tr>
        ))}
      </StaffTable>
      {evidence.length > 0 && (
        <section aria-labelledby="console-evidence">
          <h2 id="console-evidence">{t('staffEvidence')}</h2>
          <dl className="console-facts console-evidence">
            {evidence.map(([key, value]) => (
              <div key={key}>
                <dt>{key in EVIDENCE_LABELS ? t(EVIDENCE_LABELS[key as keyof typeof EVIDENCE_LABELS]) : key}</dt>
                <dd dir="auto" className={/Sha256|Hash$/.test(key) ? 'console-fingerprint' : undefined}>
                  {EVIDENCE_TIMES.has(key) ? staffTime(value, lang) : typeof value === 'object' ? JSON.stringify(value) : String(value)}
                </dd>
              </div>
            ))}
          </dl>
          <p>
            {/* The signed copy the guest was given, drawn again from the stored row (features/waiver-copy). */}
            <a className="button button-secondary" href={apiUrl(`/api/waiver-copy/staff/${compiled.collection}/${doc.id}`)} download>
              {t('staffWaiverPdf')}
            </a>{' '}
            <Link to={staffLink('/staff/verify', search)}>{t('staffVerifyTitle')}</Link>
          </p>
        </section>
      )}
      {evidence.length > 0 && <SignedTerms terms={signedTerms} />}
    </div>
  );
}
