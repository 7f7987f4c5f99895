// Every form, completed with the keyboard alone, in English and Arabic: Tab from the top of the
// page, answer each control the way a keyboard user does (typing, arrow keys in radio groups and
// scales, Space on boxes, Enter in the country picker, the signature's "sign with a mark" button),
// press Enter on the send button, and see the thank-you page. Along the way the focus order must
// follow the page from top to bottom, and focus must never fall back to the page itself.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPng, pdfOf } from '../support/files.ts';
import { ROOT } from '../support/server.ts';
import { sharedE2E, todayIso, type E2E } from './harness.ts';
import { definition, questionsOf, type Lang } from './fill.ts';
import { sentRecoverySurvey } from '../support/recovery.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** One address per form route of routes.json (route parameters filled with seed content). */
const PARAMETERS: Record<string, string> = { restaurantName: 'twiga', position: 'sales-associate-beauty', token: '{signed-link}' };
const routes = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'routes.json'), 'utf8')) as { routes: { path: string; page: { kind: string; form?: string } }[] }
).routes
  .filter((route) => route.page.kind === 'form')
  .map((route) => ({ form: route.page.form!, address: route.path.replace(/:(\w+)/g, (_m, name: string) => PARAMETERS[name]) }))
  .filter((route, i, all) => all.findIndex((r) => r.form === route.form) === i)
  // Careers applications are per brand: the store's opening is under its own careers page.
  .map((route) => (route.form === 'careers-application' ? { ...route, address: '/careers/printemps/sales-associate-beauty/apply' } : route));

interface Focused {
  /** The form's step (0 without steps): a new step starts again at the top. */
  step: number;
  key: string;
  tag: string;
  type: string;
  role: string;
  field: string;
  text: string;
  top: number;
  inGroup: string;
  isSend: boolean;
  expanded: string | null;
  value: string;
  /** Which part of a date question (day, month, year) has focus, '' elsewhere. */
  datePart: string;
}

/** What has focus, and where it is on the page. */
async function focused(page: Page): Promise<Omit<Focused, 'step'> | null> {
  return page.evaluate((): Omit<Focused, 'step'> | null => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const input = el as HTMLInputElement;
    const rect = el.getBoundingClientRect();
    return {
      key: el.id || `${el.tagName}:${el.getAttribute('name') ?? ''}:${el.textContent?.trim().slice(0, 40) ?? ''}`,
      tag: el.tagName.toLowerCase(),
      type: input.type ?? '',
      role: el.getAttribute('role') ?? '',
      field: el.closest('[data-field]')?.getAttribute('data-field') ?? '',
      text: el.textContent?.trim() ?? '',
      top: Math.round(rect.top + window.scrollY),
      inGroup: input.type === 'radio' || input.type === 'checkbox' ? input.name : '',
      isSend: el.matches('button[type="submit"]'),
      expanded: el.getAttribute('aria-expanded'),
      value: input.value ?? '',
      datePart: /date-part-(\w+)/.exec(el.closest('.date-part')?.className ?? '')?.[1] ?? '',
    };
  });
}

const fieldOf = (formId: string, name: string) => {
  const last = name.split('.').pop()!;
  const all = questionsOf(definition(formId)).flatMap((f) => [f, ...((f as { fields?: (typeof f)[] }).fields ?? [])]);
  return all.find((f) => f.name === last) as
    | (ReturnType<typeof questionsOf>[number] & { pattern?: string; minLength?: number; minimum?: number; min?: string; max?: string; accept?: string[] })
    | undefined;
};

/** A valid answer typed for a text-like question. */
function typedAnswer(formId: string, field: string, type: string, datePart: string): string {
  const question = fieldOf(formId, field);
  // Each run is a new guest: forms refuse a phone, e-mail or ID number registered already.
  const unique = String(Math.floor(Math.random() * 900_000) + 100_000);
  if (type === 'email') return `guest${unique}@example.com`;
  if (type === 'tel') return `55${unique}`;
  if (question?.type === 'number') return String(Math.max(question.minimum ?? 1, 1));
  if (question?.pattern || (question?.minLength ?? 0) > 6) return `AB${unique}`;
  if (question?.type === 'date') {
    // One part of the date at a time (the month is a list, chosen with the arrow keys).
    const iso = question?.min === 'today' || question?.name.includes('visit') ? todayIso() : '1990-04-12';
    const [y, , d] = iso.split('-');
    return datePart === 'year' ? y : d;
  }
  return question?.type === 'textarea' ? 'All went well, thank you.' : `Amal ${unique}`;
}

const SIGN_WITH_MARK: Record<Lang, string> = { en: 'Sign with a mark instead', ar: 'التوقيع بعلامة بدلًا من الرسم', fr: 'Signer avec une marque' };
const HUMAN_CHECK = "I'm not a robot";

/** Tabs through the whole form answering each control; returns the focus stops in order. */
async function completeByKeyboard(page: Page, formId: string, lang: Lang): Promise<Focused[]> {
  const stops: Focused[] = [];
  const answered = new Set<string>();
  let step = 0;
  page.on('filechooser', (chooser) => {
    const accepts = chooser.element();
    void accepts
      .getAttribute('accept')
      .then((accept) =>
        chooser.setFiles(
          accept?.includes('image')
            ? { name: 'photo.png', mimeType: 'image/png', buffer: tinyPng() }
            : { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'], '') },
        ),
      );
  });
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now, `focus fell to the page after ${stops.map((s) => s.key).join(' > ')}`).not.toBeNull();
    if (!now || answered.has(now.key)) continue;
    answered.add(now.key);
    stops.push({ ...now, step });
    if (now.isSend) {
      const stepBefore = (await page.locator('.steps-heading').allInnerTexts())[0] ?? '';
      await page.keyboard.press('Enter');
      const next = await Promise.race([
        page
          .locator('#thank-you-title')
          .waitFor({ timeout: 15_000 })
          .then(() => 'done' as const),
        page
          .locator('.steps-heading')
          .filter({ hasNotText: stepBefore || '\u0000' })
          .waitFor({ timeout: 15_000 })
          .then(() => 'next' as const),
      ]).catch(() => 'stuck' as const);
      if (next === 'done') return stops;
      if (next === 'stuck')
        throw new Error(
          `${formId} (${lang}): nothing happened after Enter on "${now.text}"; the page says: ${await page.locator('.field-error:not(:empty), .toast').allInnerTexts()}`,
        );
      answered.clear(); // the next step: its controls, then its send button
      step += 1;
      continue;
    }
    if (now.tag === 'a' || (!now.field && now.role !== 'checkbox' && now.text !== HUMAN_CHECK && !now.text.includes(SIGN_WITH_MARK[lang]))) {
      // Links (language switch, documents), the terms box, the pad itself: nothing to answer.
      if (now.type === 'checkbox' && (await page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '')).includes(HUMAN_CHECK)) {
        await page.keyboard.press('Space');
        await page.locator('.human-check-status').waitFor();
      }
      continue;
    }
    if (now.inGroup && now.type === 'radio') {
      answered.add(`group:${now.inGroup}`);
      await page.keyboard.press('ArrowDown'); // the next answer, checked: ratings and scales as every group
      continue;
    }
    if (now.type === 'checkbox') {
      if (now.inGroup && answered.has(`group:${now.inGroup}`)) continue;
      answered.add(`group:${now.inGroup}`);
      await page.keyboard.press('Space');
      if ((await page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '')).includes(HUMAN_CHECK))
        await page.locator('.human-check-status').waitFor();
      continue;
    }
    if (now.tag === 'button') {
      if (now.text.includes(SIGN_WITH_MARK[lang])) await page.keyboard.press('Enter');
      continue; // remove, clear, add another: not needed to finish
    }
    if (now.role === 'combobox' && now.tag === 'input') {
      if (now.value) continue; // a dial code chosen by the form
      await page.keyboard.type(now.key.endsWith('__dial') ? '974' : 'Qatar');
      await page.keyboard.press('Enter');
      continue;
    }
    if (now.tag === 'select') {
      if (!now.value) await page.keyboard.press('ArrowDown');
      continue;
    }
    if (now.type === 'file') {
      await page.keyboard.press('Space');
      await page.locator(`[data-field="${now.field}"] .file-status`).first().waitFor();
      continue;
    }
    if (now.tag === 'textarea' || now.tag === 'input') {
      if (now.value) continue; // filled from the link (e.g. a survey ID) or by the form (today's date)
      await page.keyboard.type(typedAnswer(formId, now.field, now.type, now.datePart));
    }
  }
  throw new Error(`${formId} (${lang}): the send button was never reached`);
}

describe.each(['en', 'ar'] as const)('every form by keyboard alone, in %s', (lang) => {
  it.each(routes)(
    '$form ($address)',
    async ({ form, address }) => {
      // The recovery survey's page is at a signed link of a survey sent: one of its own.
      const at = form === 'recovery-survey' ? (await sentRecoverySurvey(e2e.server, lang)).path : address;
      const page = await e2e.open(`${at}${at.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.waitForLoadState('networkidle');
      const stops = await completeByKeyboard(page, form, lang);
      // Focus moved down the page: never back up to an earlier question (a row's controls share a line).
      const questions = stops.filter((s) => s.field);
      const tops = questions.map((s) => s.top);
      const backwards = tops.findIndex(
        (top, i) =>
          i > 0 &&
          questions[i].step === questions[i - 1].step &&
          top < tops[i - 1] - 4 &&
          questions[i].field !== questions[i - 1].field &&
          !questions[i].field.startsWith(questions[i - 1].field),
      );
      expect(backwards, `focus went back up from ${questions[backwards - 1]?.key} to ${questions[backwards]?.key}`).toBe(-1);
      expect(questions.length).toBeGreaterThan(0);
    },
    120_000,
  );
});

describe('focus after a failed send', () => {
  it('returns to the send button with the message shown, and Enter sends again', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio').first().check();
    for (const name of ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'])
      await page.getByRole('radiogroup', { name, exact: true }).getByRole('radio').last().check();
    // The send fails (a server answering 503; a request cut off is kept on the device instead: offline.test.ts).
    await page.route('**/api/*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[{"message":"Service unavailable"}]}' })
        : route.continue(),
    );
    const send = page.locator('button[type="submit"]');
    await send.focus();
    await page.keyboard.press('Enter');
    await page.locator('.toast[role="alert"]').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('button[type="submit"]'))).toBe(true);
    // The server answers again: Enter on the same button sends.
    await page.unroute('**/api/*');
    await page.keyboard.press('Enter');
    await page.locator('#thank-you-title').waitFor();
  });
});
