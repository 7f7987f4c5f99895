// Answers a guest would give, and the steps around them (receipt upload, human check).
import { expect } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { fileForm, tinyPng } from '../support/files.ts';
import { dohaDay } from '../../src/engine/waivers/waiver-validity.ts';

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

/** How many submissions the collection holds, read by an account that may read them all (whistle-blower reports: compliance only). */
export async function countOf(server: TestServer, collection: string): Promise<number> {
  const { status, body } = await server.api(`/api/${collection}/count`, { as: 'none', headers: await server.staffAs(['admin', 'compliance']) });
  if (status !== 200) throw new Error(`Counting ${collection} answered ${status}.`);
  return body.totalDocs;
}

export const IFLY = 'ifly-waiver-forms';
export const SATISFACTION = 'survey-customer-satisfactions';
export const PADEL = 'survey-customer-feedbacks-padel';
export const RETAIL = 'survey-net-promoter';
export const EMPLOYEE = 'employee-responses';
export const WHISTLE = 'employee-whistle-blower';

/** Opaque reference: 10 Crockford base32 characters as XXXX-XXXX-XX. */
export const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/;

const today = () => new Date().toISOString().slice(0, 10);
/** A waiver's visit date of today: Doha's day, the one its validity is counted in (from 21:00 UTC the UTC day is already yesterday there, so a waiver for it reads Expired). */
const visitToday = () => dohaDay(Date.now());

/** Two strokes on a 3:1 pad: a line and a dot. */
export const SIGNATURE = {
  strokes: [
    [
      [0.1, 0.2],
      [0.4, 0.5],
      [0.8, 0.3],
    ],
    [[0.9, 0.9]],
  ],
  aspect: 3,
};

/** A date of birth `years` whole years before today (Doha's day), e.g. bornYearsAgo(8) for an 8-year-old. */
export function bornYearsAgo(years: number, extraDays = 0): string {
  const [y, m, d] = visitToday().split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, d - extraDays)).toISOString().slice(0, 10);
}

/** An iFly waiver: a guardian of 38 with two minors (12 and 7), each with a date of birth and weight. */
export function waiverAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    visit_date: visitToday(),
    name: 'Noor Saleh',
    birth_date: bornYearsAgo(38, 40),
    weight_kg: 64,
    qid: '28463400123',
    phone: '+97455501234',
    dependents: [
      { name: 'Lina Saleh', birth_date: bornYearsAgo(12, 100), qid: 'P1234567', weight_kg: 38 },
      { name: 'Omar Saleh', birth_date: bornYearsAgo(7, 10), weight_kg: 22 },
    ],
    signature: SIGNATURE,
    acknowledgement: true,
    guardian: true,
    ...overrides,
  };
  // The guardian's consent is asked only beside minors (a hidden question's answer is refused).
  if (!('guardian' in overrides) && !(Array.isArray(answers.dependents) && answers.dependents.length > 0)) delete answers.guardian;
  return answers;
}

/** A minor as a waiver lists them: a name, a date of birth (9 years ago by default) and a weight (iFly asks it). */
export const minor = (name: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  birth_date: bornYearsAgo(9, 20),
  weight_kg: 30,
  ...fields,
});

/** The same people at Laser Oasis, whose waiver asks no weight. */
export function laserWaiverAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { weight_kg: _weight, dependents, ...rest } = waiverAnswers();
  const minors = (dependents as Record<string, unknown>[]).map(({ weight_kg: _minorWeight, ...minor }) => minor);
  const answers: Record<string, unknown> = { ...rest, dependents: minors, ...overrides };
  // Minors given in overrides as for iFly (minor()) lose the weight Laser Oasis does not ask.
  if (Array.isArray(answers.dependents)) answers.dependents = answers.dependents.map(({ weight_kg: _w, ...kept }: Record<string, unknown>) => kept);
  if (!('guardian' in overrides) && !(Array.isArray(answers.dependents) && answers.dependents.length > 0)) delete answers.guardian;
  return answers;
}

export const SKI = 'ski-waiver-forms';

export function skiWaiverAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visit_date: visitToday(),
    name: 'Noor Saleh',
    age: 38,
    qid: '28463400123',
    phone: '+97455501234',
    emergency_contact_name: 'Khalid Saleh',
    emergency_contact_phone: '+97433221100',
    dependents: [
      { name: 'Lina Saleh', age: 12, medical_conditions: 'Asthma' },
      { name: 'Omar Saleh', age: 7 },
    ],
    signature: SIGNATURE,
    acknowledgement: true,
    ...overrides,
  };
}

export function satisfactionAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    store_ambience_cleanliness_rating: 'good',
    store_ambience_visual_presentation_rating: 'excellent',
    is_product_availability_variety: 'yes',
    product_availability_variety_rating: 'good',
    rating_customer_service: 'satisfied',
    is_customer_service_helpful: 'yes',
    checkout_payment_process: 'good',
    loyalty_program: 'no',
    communication_promotions: 'email',
    rating_overall_experience: 'very-satisfied',
    name: 'Amal Haddad',
    telephone_number: '+97455501234',
    ...overrides,
  };
}

export function padelAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visit_frequency: 'weekly',
    recommend_to_others_rating: 9,
    satisfaction_booking_process: 8,
    satisfaction_booking_process_time_slots: 7,
    ...overrides,
  };
}

export const retailAnswers = (score: number) => ({ visit_date: today(), employee_id: 'E-102', receipt_id: 'R-88231', customer_feedback_number: score });

export function employeeAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    anonymous_id: `anon-${Math.random().toString(36).slice(2)}`,
    department: 'operations',
    env_tools_resources: 'agree',
    env_safe_respected: 'agree',
    env_workload: 'about-right',
    lead_clear_expectations: 'agree',
    lead_recognition: 'agree',
    lead_feedback_frequency: 'often',
    lead_communication: 'agree',
    growth_learning: 'agree',
    growth_career_path: 'i-do-not-know',
    wellbeing_balance: 'agree',
    wellbeing_stress: 'sometimes',
    wellbeing_overall_satisfaction: 'satisfied',
    recommend_employer: 8,
    stay_intention: 'yes',
    ...overrides,
  };
}

/** A fresh human-check proof for the form's captcha action. */
export async function proofFor(server: TestServer, action: string): Promise<string> {
  const answer = await server.api('/api/verify-captcha', { json: { token: `pass-${Math.random()}`, action } });
  expect(answer.status).toBe(200);
  return answer.body.proof;
}

/** The paths of the fields a 4xx answer names. */
export const errorPaths = (body: { errors: { data: { errors: { path: string }[] } }[] }): string[] => body.errors[0].data.errors.map((error) => error.path);
