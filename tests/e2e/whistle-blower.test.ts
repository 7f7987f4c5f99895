// Employees report a concern (/employee/whistle-blower), anonymously if they wish, with files
// as evidence. They keep a case reference; the record holds nothing about their device. The reporter's
// way back: the secret shown once (copied, downloaded), the case page opened with code and secret in
// Arabic with the keyboard only, compliance's question read and answered, also without JavaScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPdf, tinyPng } from '../support/files.ts';
import { axeViolations } from './axe.ts';
import { sharedE2E, sidewaysAt320, tabTo, type E2E, storedDocs } from './harness.ts';
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

describe("the reporter's way back", () => {
  const CASE_AR = {
    title: 'متابعة بلاغك',
    compliance: 'فريق الامتثال',
    you: 'أنت',
    sent: 'تم إرسال رسالتك.',
    notRecognised: 'لم يتم التعرّف على الرمز أو الرمز السري.',
  };
  const QUESTION = 'ما اسم المورّد الذي قدّم الفاتورة؟';
  const ANSWER = 'المورّد هو شركة الخليج للتجهيزات، والفاتورة رقم 4471.';
  const MORE = 'أرفقت نسخة من البريد في رسالة لاحقة.';

  /** The report's thread as compliance reads it (the reporter's words and compliance's, in order). */
  async function thread(id: number): Promise<{ from: string; text: string }[]> {
    const answer = await e2e.server.api(`/api/${COLLECTION}/${id}/reporter`, { as: 'none', headers: await e2e.server.staffAs(['compliance']) });
    expect(answer.status).toBe(200);
    return (answer.body.messages as { from: string; text: string }[]).map(({ from, text }) => ({ from, text }));
  }

  /** Opens the case page with code and secret from the keyboard only: Tab to each box, type, Enter. */
  async function openCase(page: Page, code: string, secret: string): Promise<void> {
    await tabTo(page, '#code');
    await page.keyboard.type(code);
    await tabTo(page, '#secret');
    await page.keyboard.type(secret);
    await page.keyboard.press('Enter');
  }

  it('in Arabic, keyboard only: the secret copied and downloaded, the case opened, compliance’s question answered; axe clean at 320 px and 200 % text', async () => {
    // Axe is put into the page, so its Content-Security-Policy is bypassed in this context (as in every axe check).
    const reporter = await e2e.browser.browser.newContext({ bypassCSP: true, acceptDownloads: true, viewport: { width: 390, height: 844 } });
    await reporter.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await e2e.visit(await reporter.newPage(), '/employee/whistle-blower?lang=ar');
    await page.getByLabel('صف المخالفة أو الواقعة').fill('فواتير مكررة من مورّد واحد في قسم المشتريات.');
    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT_AR }).check();
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'تم استلام البلاغ' }).waitFor();
    const code = await shownReference(page, /^الرقم المرجعي لبلاغك: (\S+)\. احتفظ به للمتابعة\.$/);
    const secret = (await page.getByTestId('reporter-secret').innerText()).trim();
    expect(secret.replace(/[^A-Z0-9]/g, '').length).toBeGreaterThanOrEqual(16);
    // The secret is a code inside Arabic text: isolated, left to right.
    expect(await page.getByTestId('reporter-secret').getAttribute('dir')).toBe('ltr');
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // Copy, then download, from the keyboard.
    await tabTo(page, '.thank-you-secret button');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'تم النسخ' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${code} ${secret}`);
    await tabTo(page, '.thank-you-secret a[download]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const saved = path.join(dir, 'secret.txt');
    await download.saveAs(saved);
    const file = fs.readFileSync(saved, 'utf8');
    expect(file).toContain(code);
    expect(file).toContain(secret);
    expect(download.suggestedFilename()).toContain(code);

    // Compliance asks a question before the reporter comes back.
    const [stored] = await storedDocs(e2e.server, COLLECTION, { reference: code });
    const asked = await e2e.server.api(`/api/${COLLECTION}/${stored.id}/reporter/messages?locale=ar`, {
      method: 'POST',
      as: 'none',
      headers: await e2e.server.staffAs(['compliance']),
      json: { kind: 'question', text: QUESTION },
    });
    expect(asked.status).toBe(201);

    // The way back is the panel's own link: the case page in Arabic.
    await tabTo(page, `.thank-you-secret a[href^="/employee/whistle-blower/case"]`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: CASE_AR.title }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // A wrong secret: the one sentence, no hint which of the two was wrong.
    // (The page keeps its address to itself, referrer policy no-referrer: its posts come with the origin "null".)
    await openCase(page, code, 'AAAA-BBBB-CCCC-DDDD');
    expect(await page.locator('#open-error').innerText()).toBe(CASE_AR.notRecognised);
    await openCase(page, code, secret);
    const question = page.locator('article.message', { hasText: QUESTION });
    await question.waitFor();
    expect(await question.locator('.from').innerText()).toContain(CASE_AR.compliance);
    // Never a staff name: the question is compliance's, the report's code isolated in the Arabic line.
    expect(await page.locator('main').innerText()).not.toContain('@');
    expect(await page.locator('.code', { hasText: code }).evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe('isolate');
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // The answer, from the keyboard: the box, then its Send button.
    await tabTo(page, '#text');
    await page.keyboard.type(ANSWER);
    await tabTo(page, 'form[enctype="multipart/form-data"] button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.getByText(CASE_AR.sent).waitFor();
    const answer = page.locator('article.message', { hasText: ANSWER });
    await answer.waitFor();
    expect(await answer.locator('.from').innerText()).toContain(CASE_AR.you);
    expect(await thread(stored.id as number)).toEqual(
      expect.arrayContaining([
        { from: 'compliance', text: QUESTION },
        { from: 'reporter', text: ANSWER },
      ]),
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // Without JavaScript: the same page, opened and written to by native posts.
    const plain = await e2e.browser.browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
    try {
      const noScript = await plain.newPage();
      await noScript.goto(`${e2e.server.url}/employee/whistle-blower/case?lang=ar`);
      await noScript.getByRole('heading', { level: 1, name: CASE_AR.title }).waitFor();
      await openCase(noScript, code, secret);
      await noScript.locator('article.message', { hasText: ANSWER }).waitFor();
      expect(await noScript.locator('article.message', { hasText: QUESTION }).count()).toBe(1);
      await tabTo(noScript, '#text');
      await noScript.keyboard.type(MORE);
      await tabTo(noScript, 'form[enctype="multipart/form-data"] button[type="submit"]');
      await noScript.keyboard.press('Enter');
      await noScript.getByText(CASE_AR.sent).waitFor();
      await noScript.locator('article.message', { hasText: MORE }).waitFor();
      expect(await sidewaysAt320(noScript)).toEqual([0, 0]);
    } finally {
      await plain.close();
    }
    expect((await thread(stored.id as number)).filter((message) => message.from === 'reporter').map((message) => message.text)).toEqual(
      expect.arrayContaining([ANSWER, MORE]),
    );
    await reporter.close();
  });
});
