// Employees report a concern (/employee/whistle-blower), anonymously if they wish, with files
// as evidence. They keep a case reference; the record holds nothing about their device.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPdf, tinyPng } from '../support/files.ts';
import { sharedE2E, type E2E, storedDocs } from './harness.ts';
import {
  REQUIRED,
  answersOf,
  createRequest,
  expectEnvelope,
  expectMessageNextTo,
  fileSizeText,
  passHumanCheck,
  seed,
  storedById,
  tickHumanCheck,
} from './fill.ts';

const COLLECTION = 'employee-whistle-blower';
const FILES = 'media-internal';
const ACKNOWLEDGEMENT_EN = 'I confirm that the information provided above is accurate to the best of my knowledge.';
const ACKNOWLEDGEMENT_AR = 'أؤكد أن المعلومات المقدَّمة أعلاه صحيحة على حد علمي.';
const TICK_TO_CONTINUE = { en: 'Please tick this box to continue.', ar: 'يرجى تحديد هذا المربع للمتابعة.' };

let e2e: E2E;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-whistle-'));
const photo = path.join(dir, 'cash-office.png');
const statement = path.join(dir, 'statement.pdf');
/** A real PDF padded with comment lines to 1.5 KB, so its size reads "1.5 KB". */
const statementBytes = () => {
  const pdf = tinyPdf();
  const padding = Buffer.alloc(1536 - pdf.length, ' ');
  padding.write('%', 0);
  padding.write('\n', padding.length - 1);
  return Buffer.concat([pdf.subarray(0, pdf.length - 6), padding, pdf.subarray(pdf.length - 6)]);
};

beforeAll(async () => {
  fs.writeFileSync(photo, tinyPng());
  fs.writeFileSync(statement, statementBytes());
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The case reference the thank-you panel shows, read from its sentence. */
async function shownReference(page: Page, sentence: RegExp): Promise<string> {
  const text = await page.getByText(sentence).innerText();
  return sentence.exec(text)![1];
}

/** Nothing in the record may identify the reporter's connection or device. */
async function expectNoDeviceTrace(page: Page, doc: Record<string, unknown>) {
  const keys: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      keys.push(key);
      walk(inner);
    }
  };
  walk(doc);
  expect(keys.filter((key) => /^ip$|ip_?addr|remote|user.?agent|client|device|forwarded/i.test(key))).toEqual([]);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const text = JSON.stringify(doc);
  expect(text).not.toContain(userAgent);
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toContain('HeadlessChrome');
}

describe('whistle-blower portal', () => {
  it('an employee reports anonymously with a photo and a PDF; the case reference shown is the stored record’s', async () => {
    const page = await e2e.open('/employee/whistle-blower');
    await expect.poll(() => page.title()).toBe('Doha Oasis | Whistle Blower');
    await page.getByRole('heading', { level: 1, name: 'Whistle-blower Portal' }).waitFor();
    await page.getByRole('heading', { name: 'Anonymity and Confidentiality' }).waitFor();
    await page.getByText('Leave this section empty to report anonymously.').waitFor();
    // The contact details are left empty.
    for (const label of ['Name', 'Designation', 'Email']) expect(await page.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe('');

    await page.getByLabel('Report a concern or incident').fill('Cash from the weekend tills was counted by one person only, twice.');
    await page.getByLabel('When did it happen?').fill('The last two weekends');
    await page.getByLabel('Where did it happen?').fill('Cash office, level 1');

    await page.getByText('Max size: 3mb').waitFor();
    await page.getByLabel('Supporting documents').setInputFiles([photo, statement]);
    const photoItem = page.getByRole('listitem').filter({ hasText: 'cash-office.png' });
    const statementItem = page.getByRole('listitem').filter({ hasText: 'statement.pdf' });
    await photoItem.getByText(fileSizeText(tinyPng().length), { exact: true }).waitFor();
    await statementItem.getByText('1.5 KB', { exact: true }).waitFor();
    await photoItem.getByText('Uploaded').waitFor();
    await statementItem.getByText('Uploaded').waitFor();

    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_EN }).check();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true); // the human check comes first
    await passHumanCheck(page);
    const sent = createRequest(page, COLLECTION);
    await submit.click();
    await page.getByRole('heading', { name: 'Report received' }).waitFor();
    await page.getByText('Thank you for speaking up. Your report will be handled confidentially.').waitFor();
    const reference = await shownReference(page, /^Your case reference: (\S+)\. Keep it to follow up\.$/);

    // The page sent only the answers.
    const body = (await sent).postDataJSON();
    expect(Object.keys(body).sort()).toEqual(['acknowledgement', 'incident_or_concern', 'incident_when', 'incident_where', 'supporting_docs']);

    const stored = await storedDocs(e2e.server, COLLECTION, { reference });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(stored[0].reference).toBe(reference);
    expect(answersOf(stored[0])).toEqual({
      incident_or_concern: 'Cash from the weekend tills was counted by one person only, twice.',
      incident_when: 'The last two weekends',
      incident_where: 'Cash office, level 1',
      supporting_docs: [expect.any(Number), expect.any(Number)],
      acknowledgement: true,
    });
    await expectNoDeviceTrace(page, stored[0]);

    // The two files are kept, in the order chosen, without their original names.
    const [storedPhoto, storedStatement] = await Promise.all(stored[0].supporting_docs.map((id: number) => storedById(e2e.server, FILES, id)));
    expect(storedPhoto).toMatchObject({ mimeType: 'image/png', filesize: tinyPng().length, filename: expect.stringMatching(/\.png$/) });
    expect(storedStatement).toMatchObject({ mimeType: 'application/pdf', filesize: 1536, filename: expect.stringMatching(/\.pdf$/) });
    expect(`${storedPhoto.filename} ${storedStatement.filename}`).not.toMatch(/cash-office|statement/);
  });

  it('an employee reports in Arabic, leaving a way to be contacted; the reference is shown in Arabic', async () => {
    const page = await e2e.open('/employee/whistle-blower?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'بوابة الإبلاغ عن المخالفات' }).waitFor();
    await page.getByRole('textbox', { name: 'الاسم', exact: true }).fill('سالم');
    const operator = seed('operators').find((o) => o.slug === 'adventure-park')!;
    await page.getByRole('combobox', { name: 'الجهة المشغّلة' }).selectOption({ label: (operator.label as Record<string, string>).ar }); // the stored name, shown in Arabic
    await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill('salem@example.com');
    await page.getByLabel('صف المخالفة أو الواقعة').fill('تم تجاوز إجراءات السلامة في لعبة التسلق.');
    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_AR }).check();
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'تم استلام البلاغ' }).waitFor();
    const reference = await shownReference(page, /^الرقم المرجعي لبلاغك: (\S+)\. احتفظ به للمتابعة\.$/);

    const stored = await storedDocs(e2e.server, COLLECTION, { reference });
    expect(stored).toHaveLength(1);
    expect(answersOf(stored[0])).toEqual({
      contact_name: 'سالم',
      contact_operator: operator.name, // the definition stores the operator's name
      contact_email: 'salem@example.com',
      incident_or_concern: 'تم تجاوز إجراءات السلامة في لعبة التسلق.',
      acknowledgement: true,
    });
    await expectNoDeviceTrace(page, stored[0]);
  });

  it('the description and the acknowledgement are required: messages next to them, in English; the box starts unticked', async () => {
    const page = await e2e.open('/employee/whistle-blower');
    await page.getByLabel('Where did it happen?').fill('Staff canteen');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessageNextTo(page, 'incident_or_concern', page.getByRole('textbox', { name: 'Report a concern or incident' }), REQUIRED.en);
    expect(await page.locator('[data-field="contact_name"] .field-error').count()).toBe(0);
    // Confirming is the reporter's act: never ticked for them.
    const acknowledgement = page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_EN });
    expect(await acknowledgement.isChecked()).toBe(false);
    await expectMessageNextTo(page, 'acknowledgement', acknowledgement, TICK_TO_CONTINUE.en);
    // A report's answers are sealed at rest, so no query reads them: the stored reports are looked through here.
    expect((await storedDocs(e2e.server, COLLECTION)).filter((doc) => doc.incident_where === 'Staff canteen')).toHaveLength(0);
  });

  it('the same required answers are named in Arabic', async () => {
    const page = await e2e.open('/employee/whistle-blower?lang=ar');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expectMessageNextTo(page, 'incident_or_concern', page.getByRole('textbox', { name: 'صف المخالفة أو الواقعة' }), REQUIRED.ar);
    const acknowledgement = page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_AR });
    expect(await acknowledgement.isChecked()).toBe(false);
    await expectMessageNextTo(page, 'acknowledgement', acknowledgement, TICK_TO_CONTINUE.ar);
  });

  it('the report cannot be sent before the human check, and a refused check says so', async () => {
    const page = await e2e.open('/employee/whistle-blower');
    await page.getByLabel('Report a concern or incident').fill('Waiting for the check');
    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_EN }).check();
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.evaluate(() => ((window as unknown as { grecaptchaStandIn: { nextToken: string } }).grecaptchaStandIn.nextToken = 'refused-token'));
    await tickHumanCheck(page);
    await page.getByText('Captcha verification failed. Please reload page.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect((await storedDocs(e2e.server, COLLECTION)).filter((doc) => doc.incident_or_concern === 'Waiting for the check')).toHaveLength(0);
  });
});
