// The console's calls about a submission's follow-up (server: features/followup), typed by the
// shared contract (engine/contract/followup.ts). The page's language goes along, so a refused
// change is explained in it.
import type { FollowUp, FollowUpChange, StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

export { FOLLOW_UP_OUTCOME_LABELS as OUTCOME_LABELS, FOLLOW_UP_STATE_LABELS as STATE_LABELS } from '../../../engine/cases/workflow.ts';

export const staffName = (member: StaffMember) => member.name || member.email;

export type FollowUpAnswer =
  { kind: 'saved'; followUp: FollowUp } | { kind: 'invalid'; fieldErrors: Record<string, string> } | { kind: 'failed'; message: string | null };

export async function changeFollowUp(collection: string, id: number, change: FollowUpChange, lang: Lang): Promise<FollowUpAnswer> {
  const answer = await staffRequest<FollowUp | null>('PATCH', `/api/${encodeURIComponent(collection)}/${id}/followup?locale=${lang}`, change).catch(() => null);
  if (answer?.status === 200) return { kind: 'saved', followUp: answer.body as FollowUp };
  const refusal = refusalOf(answer?.body);
  if (answer?.status === 400 && refusal.fields.length)
    return { kind: 'invalid', fieldErrors: Object.fromEntries(refusal.fields.map((error) => [error.path, error.message])) };
  return { kind: 'failed', message: refusal.message };
}

/** The follow-up as stored now (after a reply moved the case), or null when it could not be read. */
export async function readFollowUp(collection: string, id: number): Promise<FollowUp | null> {
  const answer = await staffRequest<FollowUp>('GET', `/api/${encodeURIComponent(collection)}/${id}/followup`).catch(() => null);
  return answer?.status === 200 ? answer.body : null;
}
