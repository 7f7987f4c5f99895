// The console's calls about a submission's follow-up (server: features/followup), typed by the
// shared contract (engine/contract/followup.ts). The page's language goes along, so a refused
// change is explained in it.
import type { FollowUp, FollowUpChange, FollowUpState, StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { MessageKey } from '../../../engine/text/messages.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

export const STATE_LABELS: Record<FollowUpState, MessageKey> = { new: 'staffStateNew', 'in-progress': 'staffStateInProgress', resolved: 'staffStateResolved' };

export const staffName = (member: StaffMember) => member.name || member.email;

export type FollowUpOutcome =
  { kind: 'saved'; followUp: FollowUp } | { kind: 'invalid'; fieldErrors: Record<string, string> } | { kind: 'failed'; message: string | null };

export async function changeFollowUp(collection: string, id: number, change: FollowUpChange, lang: Lang): Promise<FollowUpOutcome> {
  const answer = await staffRequest<FollowUp | null>('PATCH', `/api/${encodeURIComponent(collection)}/${id}/followup?locale=${lang}`, change).catch(() => null);
  if (answer?.status === 200) return { kind: 'saved', followUp: answer.body as FollowUp };
  const refusal = refusalOf(answer?.body);
  if (answer?.status === 400 && refusal.fields.length)
    return { kind: 'invalid', fieldErrors: Object.fromEntries(refusal.fields.map((error) => [error.path, error.message])) };
  return { kind: 'failed', message: refusal.message };
}
