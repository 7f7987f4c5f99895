// The browser tests' parties: one made through the API as an organiser would (for today, in Arabic,
// with a solved human check), and a waiver signed through it (its code in the party header).
import { expect } from 'vitest';
import { PARTY_CAPTCHA_ACTION, PARTY_HEADER, type Party } from '../../src/engine/contract/parties.ts';
import { dohaDay } from '../../src/engine/waivers/waiver-validity.ts';
import { IFLY, proofFor, waiverAnswers } from '../api/samples.ts';
import type { E2E } from './harness.ts';

export async function organiseParty(e2e: E2E, name: string, expected: number, email: string): Promise<Party> {
  const made = await e2e.server.api('/api/parties', {
    json: { form: 'ifly-waiver', visitDate: dohaDay(Date.now()), name, phone: '+97455501234', email, expected, lang: 'ar' },
    headers: { 'x-captcha-proof': await proofFor(e2e.server, PARTY_CAPTCHA_ACTION) },
  });
  expect(made.status).toBe(201);
  return made.body.doc;
}

export async function signThroughParty(e2e: E2E, party: Party, answers: Record<string, unknown>): Promise<void> {
  const signed = await e2e.server.api(`/api/${IFLY}?locale=ar`, { json: waiverAnswers(answers), headers: { [PARTY_HEADER]: party.code } });
  expect(signed.status).toBe(201);
}
