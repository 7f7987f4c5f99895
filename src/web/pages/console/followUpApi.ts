// The console's calls about a submission's follow-up (server: features/followup), typed by the
// shared contract (engine/contract/followup.ts). The page's language goes along, so a refused
// change is explained in it.
import type { FollowUp, FollowUpChange, FollowUpState, StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/languages.ts';
import type { MessageKey } from '../../../engine/messages.ts';
import { staffRequest } from './staffApi.ts';

export const STATE_LABELS: Record<FollowUpState, MessageKey> = { new: 'staffStateNew', 'in-progress': 'staffStateInProgress', resolved: 'staffStateResolved' };

export const staffName = (member: StaffMember) => member.name || member.email;

interface Refusal {
  errors?: { message?: string; data?: { errors?: { path: string; message: string }[] } }[];
}

export type FollowUpOutcome = { kind: 'saved'; followUp: FollowUp } | { kind: 'invalid'; fieldErrors: Record<string, string> } | { kind: 'failed'; message: string | null };

export async function changeFollowUp(collection: string, id: number, change: FollowUpChange, lang: Lang): Promise<FollowUpOutcome> {
  const answer = await staffRequest<FollowUp | Refusal | null>('PATCH', `/api/${encodeURIComponent(collection)}/${id}/followup?locale=${lang}`, change).catch(() => null);
  if (answer?.status === 200) return { kind: 'saved', followUp: answer.body as FollowUp };
  const refusal = (answer?.body ?? {}) as Refusal;
  const fieldErrors = refusal.errors?.[0]?.data?.errors ?? [];
  if (answer?.status === 400 && fieldErrors.length) return { kind: 'invalid', fieldErrors: Object.fromEntries(fieldErrors.map((error) => [error.path, error.message])) };
  return { kind: 'failed', message: refusal.errors?.[0]?.message ?? null };
}
