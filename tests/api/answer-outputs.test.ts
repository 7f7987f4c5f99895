// One answerText (engine/fields/answer-text.ts) behind every output of a real server: the same stored
// answers read the same in the CSV download (?locale), the privacy export's readable copy, an
// alert's {answers} through the SMTP server, and the guest's waiver PDF (read back with pdf.js), in
// English and Arabic. The dining survey, the padel survey, the iFly waiver and the loyalty
// registration between them ask every field type but content (which says nothing: the unit test).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedDataField } from '../../src/engine/compiler/compiled.ts';
import { dataFields } from '../../src/engine/checks/conditions.ts';
import type { Lang } from '../../src/engine/text/languages.ts';
import { readAnswer, serverAnswerReader, withUploads } from '../../src/server/core/forms/answer-reader.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers, freshPhone, IFLY, LOYALTY, loyaltyAnswers, PADEL, padelAnswers, register, waiverAnswers } from './samples.ts';

let server: TestServer;
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    alerts: {
      ...loadConfig({}).alerts,
      retryBaseMs: 100,
      consoleUrl: 'https://forms.example.com',
      mailFrom: 'Alerts <alerts@dohaoasis.example>',
      smtpUrl: smtp.url,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const LANGS: Lang[] = ['en', 'ar'];
const LOYALTY_FORM = 'loyalty-registration';
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** The first character a spreadsheet would take for a formula gets a quote (export-csv.ts). */
const csvSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows[rows.length - 1].push(cell);
    cell = '';
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') endCell();
    else if (!quoted && char === '\r' && text[at + 1] === '\n') {
      endCell();
      rows.push([]);
      at++;
    } else cell += char;
  }
  return rows.filter((row) => row.length > 1);
}

/** What the engine says each answered question of a stored submission reads as, with its uploads by name. */
async function expected(collection: string, id: number, lang: Lang): Promise<{ field: ResolvedDataField; label: string; text: string; pieces: string[] }[]> {
  const { compiled } = server.ctx.registry.collections.get(collection)!.form!;
  const { rows } = await server.ctx.db.query<{ id: number; data: Record<string, unknown> }>('SELECT id, data FROM documents WHERE id = $1', [id]);
  const [data] = await withUploads(server.ctx.db, compiled, rows);
  const reader = serverAnswerReader(compiled.id, lang);
  return dataFields(compiled.form)
    .map((field) => {
      const reading = readAnswer(reader, field, data[field.name]);
      // What the PDF writes a line each: a group's item labels and "label: text" cells, else the text.
      const pieces = reading.rows
        ? reading.rows.flatMap((row) => [row.label, ...row.cells.filter((cell) => cell.reading.text).map((cell) => `${cell.label}: ${cell.reading.text}`)])
        : [reading.text];
      return { field, label: reader.label(field), text: reading.text, pieces };
    })
    .filter((answer) => answer.text);
}

async function csvRow(collection: string, reference: string, lang: Lang): Promise<Record<string, string>> {
  const answer = await server.api(`/api/${collection}/export.csv?locale=${lang}`, { as: 'staff' });
  expect(answer.status).toBe(200);
  const [header, ...rows] = parseCsv(String(answer.body).replace(/^\uFEFF/, ''));
  const row = rows.find((candidate) => candidate[0] === reference)!;
  expect(row, reference).toBeDefined();
  return Object.fromEntries(header.map((name, index) => [name, row[index]]));
}

async function privacyHtml(query: string, lang: Lang): Promise<string> {
  const answer = await server.api(`/api/privacy/export?${query}&format=html&locale=${lang}`, { as: 'staff' });
  expect(answer.status).toBe(200);
  return String(answer.body);
}

async function create(collection: string, answers: Record<string, unknown>, locale = 'en') {
  const created = await server.api(`/api/${collection}?locale=${locale}`, { json: answers });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function pdfText(url: string): Promise<string> {
  const answer = await fetch(`${server.url}${url}`);
  expect(answer.status).toBe(200);
  const doc = await getDocument({ data: new Uint8Array(await answer.arrayBuffer()), isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= doc.numPages; number++)
    lines.push((await (await doc.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  await doc.destroy();
  return lines.join(' ').replace(/\s+/g, ' ');
}

describe('every output of the server writes each answer as its field type reads', () => {
  it('the dining survey (select, choice, rating, text, textarea, phone, date, email, consent): CSV, privacy export and the alert body, in English and Arabic', async () => {
    const email = `answers.${Date.now()}@example.com`;
    for (const lang of LANGS) {
      const rule = await server.api('/api/alert-rules', {
        as: 'staff',
        json: {
          name: `Answers ${lang}`,
          enabled: true,
          form: 'dining-survey',
          when: 'condition',
          condition: JSON.stringify({ field: 'email_address', equals: email }),
          emails: `answers-${lang}@dohaoasis.example`,
          language: lang,
          subject: { [lang]: '{reference}' },
          body: { [lang]: 'Answers:\n{answers}\n{link}' },
        },
      });
      expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    }
    const { doc } = await create(
      DINING,
      diningAnswers({
        rating_food: 'poor',
        customer_comments: 'Cold soup & <b>rude</b> waiter',
        name: 'Noor Saleh',
        telephone_number: '+97455501234',
        birth_date: '1990-04-12',
        email_address: email,
        marketing_consent: true,
      }),
    );

    for (const lang of LANGS) {
      const answers = await expected(DINING, doc.id, lang);
      expect(answers.map((answer) => answer.field.type)).toEqual(
        expect.arrayContaining(['select', 'choice', 'rating', 'text', 'textarea', 'phone', 'date', 'email', 'consent']),
      );
      const labels = server.ctx.registry.collections.get(DINING)!.form!.compiled.labels;
      const csv = await csvRow(DINING, doc.reference, lang);
      for (const answer of answers) expect(csv[labels[answer.field.name]], `${lang} CSV ${answer.field.name}`).toBe(csvSafe(answer.text));

      const html = await privacyHtml(`email=${encodeURIComponent(email)}`, lang);
      for (const answer of answers)
        expect(html, `${lang} privacy ${answer.field.name}`).toContain(`<th scope="row">${escape(answer.label)}</th><td>${escape(answer.text)}</td>`);

      const mail = await smtp.mailTo(`answers-${lang}@dohaoasis.example`);
      expect(mail.subject).toContain(doc.reference);
      const lines = mail.text.split(/\r?\n/);
      for (const answer of answers) expect(lines, `${lang} alert ${answer.field.name}`).toContain(`${answer.label}: ${answer.text}`);
    }
    // The readings themselves, so a wrong reading cannot hide behind the same wrong text everywhere.
    const [en, ar] = await Promise.all(LANGS.map((lang) => expected(DINING, doc.id, lang)));
    const text = (answers: typeof en, name: string) => answers.find((answer) => answer.field.name === name)?.text;
    expect(text(en, 'rating_food')).toBe('Poor (1/5)');
    expect(text(ar, 'rating_food')).toBe('ضعيف (1/5)');
    expect(text(en, 'marketing_consent')).toBe('Yes');
    expect(text(ar, 'marketing_consent')).toBe('نعم');
    expect(text(en, 'birth_date')).toBe('Apr 12, 1990');
    expect(text(ar, 'birth_date')).toBe('12 أبريل 1990');
  });

  it('the padel survey (multichoice, scale) in the CSV, in English and Arabic', async () => {
    const { doc } = await create(PADEL, padelAnswers({ why_choose_us: ['location', 'pricing'] }));
    const labels = server.ctx.registry.collections.get(PADEL)!.form!.compiled.labels;
    for (const lang of LANGS) {
      const csv = await csvRow(PADEL, doc.reference, lang);
      const answers = await expected(PADEL, doc.id, lang);
      expect(answers.map((answer) => answer.field.type)).toEqual(expect.arrayContaining(['multichoice', 'scale']));
      for (const answer of answers) expect(csv[labels[answer.field.name]], `${lang} CSV ${answer.field.name}`).toBe(csvSafe(answer.text));
    }
    expect((await csvRow(PADEL, doc.reference, 'ar'))[labels.why_choose_us]).toBe('الموقع, الأسعار');
  });

  it('the loyalty registration (country, file, hidden): CSV, privacy export and the alert body, files by their names', async () => {
    const email = `loyal.${Date.now()}@example.com`;
    for (const lang of LANGS) {
      const rule = await server.api('/api/alert-rules', {
        as: 'staff',
        json: {
          name: `Loyalty answers ${lang}`,
          enabled: true,
          form: LOYALTY_FORM,
          when: 'condition',
          condition: JSON.stringify({ field: 'email', equals: email }),
          emails: `loyalty-${lang}@dohaoasis.example`,
          language: lang,
          subject: { [lang]: '{reference}' },
          body: { [lang]: '{answers}' },
        },
      });
      expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    }
    const created = await register(server, await loyaltyAnswers(server, { email }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { doc } = created.body;
    const labels = server.ctx.registry.collections.get(LOYALTY)!.form!.compiled.labels;
    for (const lang of LANGS) {
      const answers = await expected(LOYALTY, doc.id, lang);
      expect(answers.map((answer) => answer.field.type)).toEqual(expect.arrayContaining(['country', 'file', 'hidden']));
      const csv = await csvRow(LOYALTY, doc.reference, lang);
      for (const answer of answers) expect(csv[labels[answer.field.name]], `${lang} CSV ${answer.field.name}`).toBe(csvSafe(answer.text));
      const html = await privacyHtml(`email=${encodeURIComponent(email)}`, lang);
      for (const answer of answers) expect(html, `${lang} privacy ${answer.field.name}`).toContain(`<td>${escape(answer.text)}</td>`);
      expect(answers.find((answer) => answer.field.type === 'file')!.text).toMatch(/\.png$/);
      const lines = (await smtp.mailTo(`loyalty-${lang}@dohaoasis.example`)).text.split(/\r?\n/);
      // Every answer but the values the page filled (hidden), which an alert leaves out.
      for (const answer of answers.filter((candidate) => candidate.field.type !== 'hidden'))
        expect(lines, `${lang} alert ${answer.field.name}`).toContain(`${answer.label}: ${answer.text}`);
    }
    expect((await expected(LOYALTY, doc.id, 'ar')).find((answer) => answer.field.type === 'country')!.text).toBe('قطر');
  });

  it("the iFly waiver (repeat, signature, consent, date, phone): the guest's PDF, the CSV and the privacy export, in English and Arabic", async () => {
    for (const lang of LANGS) {
      const phone = freshPhone();
      const body = await create(IFLY, waiverAnswers({ phone }), lang);
      const answers = await expected(IFLY, body.doc.id, lang);
      expect(answers.map((answer) => answer.field.type)).toEqual(expect.arrayContaining(['repeat', 'signature', 'consent', 'date', 'phone']));
      const labels = server.ctx.registry.collections.get(IFLY)!.form!.compiled.labels;
      const csv = await csvRow(IFLY, body.doc.reference, lang);
      for (const answer of answers.filter((candidate) => candidate.field.type !== 'signature'))
        expect(csv[labels[answer.field.name]], `${lang} CSV ${answer.field.name}`).toBe(csvSafe(answer.text));
      const html = await privacyHtml(`phone=${encodeURIComponent(phone)}`, lang);
      for (const answer of answers.filter((candidate) => candidate.field.type !== 'repeat'))
        expect(html, `${lang} privacy ${answer.field.name}`).toContain(`<td>${escape(answer.text)}</td>`);

      const pdf = await pdfText(body.waiverCopy);
      // The PDF draws the signature and leaves out hidden values; a right-to-left line's runs come
      // out of pdf.js in drawn order and a lam-alef as alef then lam, so Arabic is checked word by word.
      for (const answer of answers.filter((candidate) => !['signature', 'hidden'].includes(candidate.field.type))) {
        for (const piece of answer.pieces) {
          const words =
            lang === 'en'
              ? [piece]
              : piece
                  .replace(/ل([اأإآ])/g, '$1ل')
                  .split(/[\s,;:()]+/)
                  .filter(Boolean);
          for (const word of words) expect(pdf, `${lang} PDF ${answer.field.name}: ${word}`).toContain(word);
        }
      }
      expect(pdf).toContain(phone);
    }
  });
});
