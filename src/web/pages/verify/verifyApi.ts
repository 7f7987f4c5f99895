// POST /api/waiver-copy/verify with the staff member's cookie: a Form ID as JSON, or a PDF copy as
// multipart (the server reads only the Form ID in its metadata).
import type { WaiverVerification } from '../../../engine/contract/waiver-copy.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

export type VerifyOutcome = { kind: 'checked'; result: WaiverVerification } | { kind: 'not-found' } | { kind: 'refused'; message: string } | { kind: 'failed' };

export async function verifyWaiver(input: { reference: string } | { file: File }): Promise<VerifyOutcome> {
  let body: FormData | { reference: string };
  if ('file' in input) {
    body = new FormData();
    body.append('file', input.file);
  } else {
    body = { reference: input.reference };
  }
  try {
    const answer = await staffRequest<WaiverVerification | null>('POST', '/api/waiver-copy/verify', body);
    if (answer.status === 200 && answer.body) return { kind: 'checked', result: answer.body };
    if (answer.status === 404) return { kind: 'not-found' };
    if (answer.status === 400) return { kind: 'refused', message: refusalOf(answer.body).message ?? '' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
