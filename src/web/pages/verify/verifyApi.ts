// POST /api/waiver-copy/verify with the staff member's cookie: a Form ID as JSON, or a PDF copy as
// multipart (the server reads only the Form ID in its metadata).
import type { WaiverVerification } from '../../../engine/contract/waiver-copy.ts';
import { apiUrl, runtimeConfig } from '../../api/runtimeConfig.ts';

export type VerifyOutcome = { kind: 'checked'; result: WaiverVerification } | { kind: 'not-found' } | { kind: 'refused'; message: string } | { kind: 'failed' };

export async function verifyWaiver(input: { reference: string } | { file: File }): Promise<VerifyOutcome> {
  let body: BodyInit;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if ('file' in input) {
    const form = new FormData();
    form.append('file', input.file);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ reference: input.reference });
  }
  try {
    const response = await fetch(apiUrl('/api/waiver-copy/verify'), { method: 'POST', headers, body, credentials: runtimeConfig().apiBaseUrl ? 'include' : 'same-origin' });
    const answer = (await response.json().catch(() => null)) as (WaiverVerification & { errors?: { message?: string }[] }) | null;
    if (response.status === 200 && answer) return { kind: 'checked', result: answer };
    if (response.status === 404) return { kind: 'not-found' };
    if (response.status === 400) return { kind: 'refused', message: answer?.errors?.[0]?.message ?? '' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
