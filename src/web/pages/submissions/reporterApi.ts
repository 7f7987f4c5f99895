// The console's calls about a reporter's case (server: features/reporter staff-plugin.ts), typed by
// the shared contract (engine/contract/reporter.ts). The page's language goes along, so a refusal is
// explained in it.
import type { ReporterStaffCase } from '../../../engine/contract/reporter.ts';
import type { ReportOutcome, ReportState, ReporterMessageKind } from '../../../engine/cases/reporter-case.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { MessageKey } from '../../../engine/text/messages.ts';
import { refusalOf, staffRequest, type StaffMethod } from '../../staff/staffRequest.ts';

export const REPORT_STATE_LABELS: Record<ReportState, MessageKey> = {
  received: 'staffReporterStateReceived',
  acknowledged: 'staffReporterStateAcknowledged',
  investigating: 'staffReporterStateInvestigating',
  closed: 'staffReporterStateClosed',
};
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, MessageKey> = {
  substantiated: 'staffReporterOutcomeSubstantiated',
  'partly-substantiated': 'staffReporterOutcomePartlySubstantiated',
  'not-substantiated': 'staffReporterOutcomeNotSubstantiated',
  referred: 'staffReporterOutcomeReferred',
};
export const MESSAGE_KIND_LABELS: Record<ReporterMessageKind, MessageKey> = {
  question: 'staffReporterKindQuestion',
  feedback: 'staffReporterKindFeedback',
  acknowledgement: 'staffReporterKindAcknowledgement',
};

export type ReporterOutcome =
  | { kind: 'done'; value: ReporterStaffCase | { excluded: true } }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'failed'; message: string | null };

const casePath = (collection: string, id: number) => `/api/${encodeURIComponent(collection)}/${id}/reporter`;

export async function loadReporterCase(collection: string, id: number): Promise<ReporterStaffCase | null> {
  const answer = await staffRequest<ReporterStaffCase>('GET', casePath(collection, id)).catch(() => null);
  return answer?.status === 200 ? answer.body : null;
}

async function call(method: StaffMethod, path: string, body: unknown, lang: Lang): Promise<ReporterOutcome> {
  const answer = await staffRequest<ReporterStaffCase | { excluded: true }>(method, `${path}?locale=${lang}`, body).catch(() => null);
  if (answer && answer.status >= 200 && answer.status < 300) return { kind: 'done', value: answer.body };
  const refusal = refusalOf(answer?.body);
  if ((answer?.status === 400 || answer?.status === 409) && refusal.fields.length)
    return { kind: 'invalid', fieldErrors: Object.fromEntries(refusal.fields.map((error) => [error.path, error.message])) };
  return { kind: 'failed', message: refusal.message };
}

export const writeToReporter = (collection: string, id: number, kind: 'question' | 'feedback', text: string, lang: Lang) =>
  call('POST', `${casePath(collection, id)}/messages`, { kind, text }, lang);
export const acknowledgeReport = (collection: string, id: number, lang: Lang) => call('POST', `${casePath(collection, id)}/acknowledge`, undefined, lang);
export const changeReportState = (collection: string, id: number, state: ReportState, outcome: ReportOutcome | null, lang: Lang) =>
  call('PATCH', casePath(collection, id), { state, ...(outcome ? { outcome } : {}) }, lang);
export const setExclusion = (collection: string, id: number, userId: number, exclude: boolean, lang: Lang) =>
  call(exclude ? 'PUT' : 'DELETE', `${casePath(collection, id)}/exclusions/${userId}`, undefined, lang);
