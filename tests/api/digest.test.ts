// The weekly digest's content and email (features/digest) over submissions stored by the real
// server: last week's counts against the week before, each average and its change from the insights
// aggregation, an admin's venue table, a manager's venues only, counts without averages under 5
// answers, one line for a week with nothing, and the Arabic email right to left with a plain-text part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';
import { buildDigest } from '../../src/server/features/digest/content.ts';
import { renderDigest } from '../../src/server/features/digest/render.ts';
import { digestWeek } from '../../src/server/features/digest/week.ts';

let server: TestServer;
const week = digestWeek(new Date());
const forms = () => server.ctx.registry.forms.map((form) => form.compiled);

async function submit(answers: Record<string, unknown>, day: string): Promise<void> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [`${day}T10:00:00+03:00`, created.body.doc.id]);
}

beforeAll(async () => {
  server = await startTestServer();
  for (let n = 0; n < 5; n++) await submit({ rating_food: 'excellent' }, week.from);
  for (let n = 0; n < 2; n++) await submit({ visited_restaurant: 'Crazy Pizza', rating_food: 'poor' }, week.to);
  for (let n = 0; n < 5; n++) await submit({ rating_food: 'good' }, week.beforeFrom);
});
afterAll(() => server?.close());

const ADMIN = { roles: ['admin' as const], venues: [] };
const COVA_MANAGER = { roles: ['manager' as const], venues: ['cova'] };

describe('the weekly digest', () => {
  it("an admin's: last week's submissions against the week before, averages with their change, the venue table", async () => {
    const digest = await buildDigest(server.ctx.db, forms(), ADMIN, week);
    const dining = digest.forms.find((form) => form.formId === 'dining-survey')!;
    expect(dining).toMatchObject({ submissions: 7, before: 5 });
    // Food: 5 x Excellent (5) and 2 x Poor (1) last week, 5 x Good (3) the week before.
    expect(dining.figures.find((figure) => figure.question === 'rating_food')).toMatchObject({ kind: 'mean', value: 3.86, before: 3, change: 0.86 });
    expect(dining.figures.find((figure) => figure.question === 'rating_service')).toMatchObject({ value: 4, before: 4, change: 0 });
    expect(dining.venues).toEqual([
      { venue: 'Cova', submissions: 5, before: 5 },
      { venue: 'Crazy Pizza', submissions: 2, before: 0 },
    ]);
    expect(digest.changes.map((change) => change.question)).toEqual(['rating_food']);
    expect(digest.empty).toBe(false);
    const email = renderDigest(digest, 'en', 'https://forms.example.com');
    expect(email.text).toContain('Dining survey | 7 | 5 | +2');
    expect(email.html).toContain('<td style="padding:4px 8px">3.86</td>');
  });

  it("a manager's names only its venues, and shows counts without averages when fewer than 5 answers came", async () => {
    const digest = await buildDigest(server.ctx.db, forms(), COVA_MANAGER, week);
    expect(digest.forms.map((form) => form.formId)).toEqual(['dining-survey']);
    const [dining] = digest.forms;
    expect(dining).toMatchObject({ submissions: 5, before: 5, venues: null });
    expect(dining.figures.find((figure) => figure.question === 'rating_food')).toMatchObject({ value: 5, before: 3, change: 2 });
    const email = renderDigest(digest, 'en', 'https://forms.example.com');
    expect(email.text).not.toContain('Crazy Pizza');
    expect(email.html).not.toContain('Crazy Pizza');

    const pizza = await buildDigest(server.ctx.db, forms(), { roles: ['manager'], venues: ['crazy-pizza'] }, week);
    expect(pizza.forms[0]).toMatchObject({ submissions: 2, figures: [] });
    expect(renderDigest(pizza, 'en', '').text).toContain('Fewer than 5 answers: counts only, no averages.');
  });

  it('says a week with nothing in one line, and writes Arabic right to left', async () => {
    const nothing = await buildDigest(server.ctx.db, forms(), { roles: ['manager'], venues: ['no-such-venue'] }, week);
    expect(nothing.empty).toBe(true);
    expect(renderDigest(nothing, 'en', '').text.trim().split('\n').at(-1)).toBe('Nothing to report this week: no new submissions and no open follow-ups.');
    const arabic = renderDigest(await buildDigest(server.ctx.db, forms(), COVA_MANAGER, week), 'ar', '');
    expect(arabic.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(arabic.text).toContain('الأسبوع الماضي');
  });
});
