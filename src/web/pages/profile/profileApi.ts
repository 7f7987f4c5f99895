// The profile page's calls: save the account's own preferences, and preview its digest.
import type { DigestPreview } from '../../../engine/contract/digest.ts';
import type { StaffPreferences, StaffPreferencesAnswer } from '../../../engine/contract/users.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

export type SaveOutcome = { kind: 'saved'; preferences: StaffPreferences } | { kind: 'refused'; field: string | null; message: string };

export async function savePreferences(change: Partial<StaffPreferences>, lang: string): Promise<SaveOutcome> {
  const answer = await staffRequest<StaffPreferencesAnswer>('PATCH', '/api/users/me/preferences', change, undefined, { 'Accept-Language': lang });
  if (answer.status === 200 && answer.body) return { kind: 'saved', preferences: answer.body.doc };
  const refusal = refusalOf(answer.body);
  return { kind: 'refused', field: refusal.fields[0]?.path ?? null, message: refusal.text ?? `HTTP ${answer.status}` };
}

export type PreviewOutcome = { kind: 'preview'; preview: DigestPreview } | { kind: 'none' } | { kind: 'failed'; status: number };

export async function previewDigest(): Promise<PreviewOutcome> {
  const answer = await staffRequest<DigestPreview>('GET', '/api/digest/preview');
  if (answer.status === 200 && answer.body) return { kind: 'preview', preview: answer.body };
  return answer.status === 403 ? { kind: 'none' } : { kind: 'failed', status: answer.status };
}
