// Answers a guest would give, and the steps around them (receipt upload, human check).
import { expect } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { fileForm, tinyPng } from '../support/files.ts';

export const LOYALTY = 'printemps-loyalty-registration';
export const LOYALTY_MEDIA = 'printemps-loyalty-registration-media';
export const STORES = 'printemps-loyalty-registration-store';
export const DINING = 'survey-customer-feedbacks';

let phoneCounter = 0;
/** A phone number no other test uses (the loyalty club allows one registration per phone). */
export const freshPhone = () => `+9745${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;

export function diningAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visited_restaurant: 'Cova',
    meal_period: 'dinner',
    visit_frequency: 'first-time',
    rating_greeting: 'excellent',
    rating_service: 'very-good',
    rating_food: 'good',
    rating_beverage: 'average',
    rating_value_for_money: 'good',
    rating_cleanliness: 'excellent',
    will_visit_again: 'yes',
    customer_comments: 'Lovely terrace.',
    ...overrides,
  };
}

export async function storeId(server: TestServer, slug = 'doha'): Promise<number> {
  const { body } = await server.api(`/api/${STORES}?where[slug][equals]=${slug}`);
  return body.docs[0].id;
}

export async function uploadReceipt(server: TestServer, bytes = tinyPng(), name = 'receipt.png'): Promise<number> {
  const answer = await server.api(`/api/${LOYALTY_MEDIA}`, { form: fileForm(bytes, name, 'image/png') });
  expect(answer.status).toBe(201);
  return answer.body.doc.id;
}

export async function captchaProof(server: TestServer, token = `pass-${Math.random()}`): Promise<string> {
  const answer = await server.api('/api/verify-captcha', { json: { token, action: 'submit_form_loyalty_registration' } });
  expect(answer.status).toBe(200);
  return answer.body.proof;
}

export async function loyaltyAnswers(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    visit_date: new Date().toISOString().slice(0, 10),
    store: await storeId(server),
    first_name: 'Amal',
    last_name: 'Haddad',
    phone: freshPhone(),
    email: 'amal@example.com',
    nationality: 'Qatar',
    gender: 'female',
    birth_date: '1990-04-12',
    receipt: await uploadReceipt(server),
    ...overrides,
  };
}

export async function register(server: TestServer, answers: Record<string, unknown>, proof?: string) {
  const headers: Record<string, string> = { 'x-captcha-proof': proof ?? (await captchaProof(server)) };
  return server.api(`/api/${LOYALTY}`, { json: answers, headers });
}

export async function countOf(server: TestServer, collection: string): Promise<number> {
  const { body } = await server.api(`/api/${collection}/count`, { as: 'staff' });
  return body.totalDocs;
}
