// How staff work with submissions: find one by the reference a guest quotes, and export a
// form's submissions as a CSV that a spreadsheet opens safely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';
import { DINING, diningAnswers, IFLY, LOYALTY_MEDIA, PADEL, padelAnswers, REFERENCE, waiverAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      at++;
    } else cell += char;
  }
  return rows;
}

describe('a guest reads their reference to the front desk', () => {
  it('gets a different, non-sequential reference each time, stored in its own column', async () => {
    const references: string[] = [];
    for (let count = 0; count < 5; count++) references.push((await server.api(`/api/${DINING}`, { json: diningAnswers() })).body.doc.reference);
    for (const reference of references) expect(reference).toMatch(REFERENCE);
    expect(new Set(references).size).toBe(5);
    const { rows } = await server.ctx.db.query(`SELECT reference, data FROM documents WHERE reference = ANY($1::text[])`, [references]);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(JSON.stringify(row.data)).not.toContain(row.reference);
  });

  it('staff find it however it was typed; the public key cannot look', async () => {
    const { doc } = (await server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'Find me' }) })).body;
    const spoken = doc.reference.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    for (const typed of [doc.reference, spoken]) {
      const found = await server.api(`/api/${DINING}?where[reference][equals]=${encodeURIComponent(typed)}`, { as: 'staff' });
      expect(
        found.body.docs.map((item: { customer_comments: string }) => item.customer_comments),
        typed,
      ).toEqual(['Find me']);
    }
    expect((await server.api(`/api/${DINING}?where[reference][equals]=${doc.reference}`)).status).toBe(403);
  });

  it('is given to submissions stored before references existed, when the server upgrades', async () => {
    const db = server.ctx.db;
    await db.query(`DELETE FROM schema_migrations WHERE id = 3`);
    await db.query(`ALTER TABLE documents DROP COLUMN reference`);
    await migrate(db, MIGRATIONS);
    const { rows } = await db.query<{ collection: string; reference: string | null }>(`SELECT collection, reference FROM documents`);
    const submissions = rows.filter((row) => row.collection === DINING);
    expect(submissions.length).toBeGreaterThanOrEqual(6);
    for (const row of submissions) expect(row.reference).toMatch(REFERENCE);
    expect(rows.filter((row) => row.collection === 'restaurants').every((row) => row.reference === null)).toBe(true);
  });
});

describe('staff export a form to CSV', () => {
  const exportOf = (collection: string, query = '', as: 'staff' | 'public' | 'none' = 'staff') => server.api(`/api/${collection}/export.csv${query}`, { as });

  it('one row per submission, the questions as columns in the order of the form, safe to open in a spreadsheet', async () => {
    const tricky = [
      padelAnswers({ share_experience: '=HYPERLINK("http://evil.example","Click")', why_choose_us: ['location', 'pricing'] }),
      padelAnswers({
        share_experience: 'Two lines,\nwith "quotes"',
        recommend_to_others_rating: 10,
        discovery_method: 'others',
        discovery_method_others: '@SUM(A1)',
      }),
      padelAnswers({ share_experience: 'ملاعب ممتازة', recommend_to_others_rating: 3, discovery_method: 'others', discovery_method_others: '-2+3' }),
    ];
    const created = [];
    for (const answers of tricky) created.push((await server.api(`/api/${PADEL}`, { json: answers })).body.doc);

    // Raw bytes: fetch's text() would hide the byte-order mark.
    const answer = await fetch(`${server.url}/api/${PADEL}/export.csv`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${PADEL}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));

    const labels = server.ctx.registry.collections.get(PADEL)!.form!.compiled.labels;
    const recommend = labels.recommend_to_others_rating;
    const questions = Object.values(labels).flatMap((label) => (label === recommend ? [label, `${label} (Net Promoter band)`] : [label]));
    expect(header).toEqual(['Reference', 'Created at', 'Source', ...questions, 'Follow-up state', 'Assignee', 'Outcome', 'Resolved at', 'Due at', 'Overdue']);
    expect(rows).toHaveLength(3);
    const cell = (row: string[], label: string) => row[header.indexOf(label)];
    expect(rows.map((row) => row[0])).toEqual(created.map((doc) => doc.reference));
    expect(rows.map((row) => row[1])).toEqual(created.map((doc) => doc.createdAt));

    expect(cell(rows[0], labels.share_experience)).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    // Each answer as its field type reads (engine/fields/answer-text.ts): options by their labels.
    expect(cell(rows[0], labels.why_choose_us)).toBe('Location, Pricing');
    expect(cell(rows[0], `${recommend} (Net Promoter band)`)).toBe('promoter');
    expect(cell(rows[1], labels.share_experience)).toBe('Two lines,\nwith "quotes"');
    expect(cell(rows[1], labels.discovery_method_others)).toBe("'@SUM(A1)");
    expect(cell(rows[2], labels.discovery_method_others)).toBe("'-2+3");
    expect(cell(rows[2], labels.share_experience)).toBe('ملاعب ممتازة');
    expect(cell(rows[2], recommend)).toBe('3');
    expect(cell(rows[0], labels.discovery_method)).toBe('');
  });

  it('can be filtered like the list, e.g. promoters only', async () => {
    const rows = parseCsv((await exportOf(PADEL, '?where[recommend_to_others_rating_band][equals]=promoter')).body);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.includes('promoter'))).toBe(true);
    expect((await exportOf(PADEL, '?where[nonsense][equals]=1')).status).toBe(400);
  });

  it('links each signature to its drawing instead of thousands of numbers', async () => {
    const { doc } = (await server.api(`/api/${IFLY}`, { json: waiverAnswers() })).body;
    const [header, ...rows] = parseCsv((await exportOf(IFLY)).body);
    const row = rows.find((candidate) => candidate[0] === doc.reference)!;
    expect(row[header.indexOf('Signature')]).toBe(`/api/${IFLY}/${doc.id}/signature/signature.svg`);
  });

  it('is for staff only, and only for forms', async () => {
    expect((await exportOf(PADEL, '', 'public')).status).toBe(403);
    expect((await exportOf(PADEL, '', 'none')).status).toBe(403);
    expect((await exportOf(LOYALTY_MEDIA)).status).toBe(404);
    expect((await exportOf('restaurants')).status).toBe(404);
    expect((await exportOf('no-such-form')).status).toBe(404);
  });
});
