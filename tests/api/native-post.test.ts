// A guest's browser posts a form itself (no JavaScript): urlencoded, or multipart with a CV. The
// answers are stored exactly as the JSON API stores them; refused ones come back as the form page
// with each message at its question, in the page's language; a post from another site, hostile
// names and oversized bodies are refused with a 4xx and nothing stored.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { tinyPdf, textFile } from '../support/files.ts';
import { countOf, PADEL, REFERENCE } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDistDir: path.join(ROOT, 'dist') });
});
afterAll(() => server?.close());

const CAREERS = 'careers-applications';
const PADEL_PAGE = '/survey/padel';
const APPLY_PAGE = '/careers/dohaoasis/guest-experience-host/apply';

/** The answers a guest picks on the padel page; an override replaces the answer of its name. */
const padelPairs = (overrides: [string, string][] = []): [string, string][] => [
  ...padelDefaults.filter(([name]) => !overrides.some(([overridden]) => overridden === name)),
  ...overrides,
];
const padelDefaults: [string, string][] = [
  ['root_visit_frequency', 'weekly'],
  ['root_why_choose_us', 'facilities'],
  ['root_why_choose_us', 'location'],
  ['root_recommend_to_others_rating', '9'],
  ['root_satisfaction_booking_process', '8'],
  ['root_satisfaction_booking_process_time_slots', '7'],
  ['root_share_experience', 'Courts were great'],
];

/** A browser's form post: same origin unless told, no redirect followed. */
function postForm(pathname: string, body: URLSearchParams | FormData | string, headers: Record<string, string> = {}) {
  const type: Record<string, string> = typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { origin: server.url, 'sec-fetch-site': 'same-origin', ...type, ...headers },
  });
}

async function storedPadel(comment: string) {
  const answer = await server.api(`/api/${PADEL}?where[share_experience][equals]=${encodeURIComponent(comment)}&depth=0`, {
    as: 'none',
    headers: await server.staffAs(['admin']),
  });
  return answer.body.docs as Record<string, unknown>[];
}

describe('a form posted without JavaScript', () => {
  it('is stored with the answers typed as the schema says, then the browser is sent to the thanks (303), whose address holds no answer', async () => {
    const comment = `Courts were great ${Math.random()}`;
    const answer = await postForm(`${PADEL_PAGE}?lang=ar`, new URLSearchParams(padelPairs([['root_share_experience', comment]])));
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(/^\/survey\/padel\/thank-you\?lang=ar&reference=/);
    expect(location).not.toContain('weekly');
    const [stored] = await storedPadel(comment);
    expect(stored).toMatchObject({
      visit_frequency: 'weekly',
      why_choose_us: ['facilities', 'location'],
      recommend_to_others_rating: 9,
      satisfaction_booking_process: 8,
    });
    expect(new URL(location, server.url).searchParams.get('reference')).toBe(stored.reference);
    expect(stored.reference).toMatch(REFERENCE);

    const thanks = await fetch(`${server.url}${location}`);
    expect(thanks.status).toBe(200);
    const html = await thanks.text();
    expect(html).toContain('lang="ar"');
    expect(html).toContain('class="thank-you"');
    // Complete as it is: no app script starts the form afresh over the thanks.
    expect(html).not.toMatch(/<script type="module"/);
    expect((await fetch(`${server.url}${PADEL_PAGE}/thank-you?reference=AAAA-BBBB-CC`)).status).toBe(404);
  });

  it('a multipart post with a CV is stored with the file attached, through the same inspection as an upload', async () => {
    const email = `amal.${Date.now()}@example.com`;
    const form = new FormData();
    form.append('root_position', 'not-the-hidden-value-yet');
    const page = await (await fetch(`${server.url}${APPLY_PAGE}`)).text();
    const position = /name="root_position" value="(\d+)"/.exec(page)?.[1];
    expect(position).toBeDefined();
    form.set('root_position', position!);
    form.append('root_full_name', 'Amal Haddad');
    form.append('root_email', email);
    form.append('root_phone__dial', '974');
    form.append('root_phone', '5512 3456');
    form.append('root_cv', new Blob([tinyPdf()], { type: 'application/pdf' }), 'cv.pdf');
    form.append('root_cover_note', 'I love welcoming people.');
    const answer = await postForm(APPLY_PAGE, form);
    expect(answer.status).toBe(303);
    const { body } = await server.api(`/api/${CAREERS}?where[email][equals]=${encodeURIComponent(email)}&depth=0`, {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    expect(body.docs[0]).toMatchObject({ full_name: 'Amal Haddad', phone: '+97455123456', position: Number(position) });
    const { rows } = await server.ctx.db.query<{ attached_to: number }>('SELECT attached_to FROM documents WHERE id = $1', [body.docs[0].cv]);
    expect(rows[0].attached_to).toBe(body.docs[0].id);
  });

  it('a CV that is no PDF is named at its question, and nothing is stored', async () => {
    const before = await countOf(server, CAREERS);
    const form = new FormData();
    form.append('root_full_name', 'Text File');
    form.append('root_cv', new Blob([textFile()], { type: 'application/pdf' }), 'cv.pdf');
    const answer = await postForm(`${APPLY_PAGE}?lang=ar`, form);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toMatch(/id="root_cv__error">نوع الملف هذا غير مقبول\./);
    expect(await countOf(server, CAREERS)).toBe(before);
  });

  it('refused answers come back as the form (400) with the answers kept and each message at its question and in the summary, in the page’s language', async () => {
    const before = await countOf(server, PADEL);
    const pairs = padelPairs().filter(([name]) => name !== 'root_satisfaction_booking_process');
    const answer = await postForm(`${PADEL_PAGE}?lang=ar`, new URLSearchParams([...pairs, ['root_recommend_to_others_rating', 'eleven']]).toString());
    expect(answer.status).toBe(400);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const html = await answer.text();
    expect(html).toContain('lang="ar"');
    // Kept: the option chosen and the comment typed.
    expect(html).toMatch(/<input[^>]*name="root_visit_frequency" checked="" value="weekly"/);
    expect(html).toContain('>Courts were great</textarea>');
    expect(html).toMatch(/<fieldset[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*root_satisfaction_booking_process__error"/);
    expect(html).toMatch(/id="root_satisfaction_booking_process__error">هذا الحقل مطلوب\./);
    expect(html).toMatch(/<div class="error-summary" role="alert"[^>]*><p[^>]*>[^<]+<\/p><ul><li><a href="#root_satisfaction_booking_process">/);
    expect(await countOf(server, PADEL)).toBe(before);
  });

  it('a number typed as words is refused at its question, not stored and not a 5xx', async () => {
    const before = await countOf(server, PADEL);
    const answer = await postForm(
      PADEL_PAGE,
      new URLSearchParams(padelPairs().map(([name, value]) => [name, name === 'root_recommend_to_others_rating' ? 'nine' : value])).toString(),
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/id="root_recommend_to_others_rating__error">[^<]+</);
    expect(await countOf(server, PADEL)).toBe(before);
  });
});

describe('questions shown by a condition', () => {
  const DINING_PAGE = '/survey/fnb/Crazy%20Pizza';
  const dining = (discovery: string, extra: [string, string][] = [], restaurant = 'Crazy Pizza') =>
    new URLSearchParams([
      ['root_visited_restaurant', restaurant],
      ['root_meal_period', 'dinner'],
      ['root_visit_frequency', 'weekly'],
      ...['greeting', 'service', 'food', 'beverage', 'value_for_money', 'cleanliness']
        .filter((name) => !extra.some(([given]) => given === `root_rating_${name}`))
        .map((name): [string, string] => [`root_rating_${name}`, 'good']),
      ['root_discovery_method', discovery],
      ['root_will_visit_again', 'yes'],
      ...extra,
    ]).toString();

  it('a question the answers now ask for (without a script to show it) is on the page that comes back, with its message', async () => {
    const answer = await postForm(DINING_PAGE, dining('other'));
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="root_discovery_text__error"[^>]*name="root_discovery_text"/);
    // The answer that asked for it is kept.
    expect(html).toContain('<option value="other" selected="">');
  });

  it('a poor rating posted without JavaScript raises the same alert as through the API, in the submission’s transaction', async () => {
    const comment = `cold soup ${Math.random()}`;
    const answer = await postForm(
      '/survey/fnb/Twiga',
      dining(
        'website',
        [
          ['root_rating_food', 'poor'],
          ['root_customer_comments', comment],
        ],
        'Twiga',
      ),
    );
    expect(answer.status).toBe(303);
    const { body } = await server.api(`/api/survey-customer-feedbacks?where[customer_comments][equals]=${encodeURIComponent(comment)}&depth=0`, {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    const { rows } = await server.ctx.db.query('SELECT 1 FROM alerts WHERE submission_id = $1', [body.docs[0].id]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('an answer to a question its condition hides is dropped, as the page drops it', async () => {
    const comment = `condition ${Math.random()}`;
    const answer = await postForm(
      DINING_PAGE,
      dining('website', [
        ['root_discovery_text', 'not asked'],
        ['root_customer_comments', comment],
      ]),
    );
    expect(answer.status).toBe(303);
    const { body } = await server.api(`/api/survey-customer-feedbacks?where[customer_comments][equals]=${encodeURIComponent(comment)}&depth=0`, {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    expect(body.docs[0]).toMatchObject({ discovery_method: 'website', visited_restaurant: 'Crazy Pizza' });
    expect(body.docs[0]).not.toHaveProperty('discovery_text');
  });
});

describe('a post the form page did not send', () => {
  it('a form with a human check posted without its proof (its button is disabled) is not stored: the page says the form was not sent', async () => {
    const before = await countOf(server, 'printemps-loyalty-registration');
    const answer = await postForm('/printemps/loyalty-registration?lang=ar', new URLSearchParams([['root_first_name', 'Noor']]).toString());
    expect(answer.status).toBe(403);
    const html = await answer.text();
    expect(html).toMatch(/<div class="toast toast-error" role="alert">.*<p class="toast-message">فشل التسجيل\. يرجى المحاولة مرة أخرى\.<\/p>/s);
    expect(html).toMatch(/<input[^>]*name="root_first_name" value="Noor"/);
    expect(await countOf(server, 'printemps-loyalty-registration')).toBe(before);
  });

  it('from another site is refused (403) and nothing is stored', async () => {
    const before = await countOf(server, PADEL);
    const body = new URLSearchParams(padelPairs()).toString();
    expect((await postForm(PADEL_PAGE, body, { origin: 'https://evil.example' })).status).toBe(403);
    // "null": a sandboxed frame or a data: page of another site (a page of ours with no referrer says same-origin: tests/unit/cookie-allowed.test.ts).
    expect((await postForm(PADEL_PAGE, body, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await postForm(PADEL_PAGE, body, { origin: '', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await countOf(server, PADEL)).toBe(before);
  });

  it('hostile names (prototype keys, deep brackets, unknown answers) are ignored, never written, never a 5xx', async () => {
    const comment = `hostile ${Math.random()}`;
    const hostile: [string, string][] = [
      ['__proto__[polluted]', 'yes'],
      ['root___proto___polluted', 'yes'],
      ['root_constructor_prototype_polluted', 'yes'],
      [`root_visit_frequency${'[0]'.repeat(500)}`, 'x'],
      ['root_share_experience_0_0_0_0_0_0', 'x'],
      ['root_unknown', 'x'],
      ['root_share_experience', comment],
    ];
    const answer = await postForm(PADEL_PAGE, new URLSearchParams(padelPairs(hostile)).toString());
    expect(answer.status).toBe(303);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [stored] = await storedPadel(comment);
    expect(Object.keys(stored)).not.toContain('unknown');
    expect(stored.visit_frequency).toBe('weekly');
  });

  it('too many answers or too large a body is refused (413), a multipart with too many parts is a 4xx', async () => {
    const many = new URLSearchParams(Array.from({ length: 2000 }, (_, index) => [`root_x${index}`, 'x'])).toString();
    expect((await postForm(PADEL_PAGE, many)).status).toBe(413);
    expect((await postForm(PADEL_PAGE, `root_share_experience=${'a'.repeat(300 * 1024)}`)).status).toBe(413);
    const form = new FormData();
    for (let index = 0; index < 1100; index++) form.append(`root_x${index}`, 'x');
    const answer = await postForm(APPLY_PAGE, form);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    // Answers as JSON or plain text are the API's, not a form page's.
    expect((await postForm(PADEL_PAGE, '{"visit_frequency":"weekly"}', { 'content-type': 'application/json' })).status).toBe(415);
    expect((await postForm(PADEL_PAGE, 'root_visit_frequency=weekly', { 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('a double tap on Submit without JavaScript (the browser posts twice)', () => {
  /** The mark the form page gave this page load (post-mark.ts), as the browser keeps it. */
  async function pageMark(pathname: string): Promise<string> {
    const page = await fetch(`${server.url}${pathname}`);
    expect(page.status).toBe(200);
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^form-post=[A-Za-z0-9_-]{22}; Path=\/[^;]*; HttpOnly; SameSite=Strict$/);
    expect(cookie).toContain(`Path=${pathname.split('?')[0]}`);
    return cookie.split(';')[0];
  }

  it('stores the answers once: the second post of the same answers from the same page load gets the first one’s thanks', async () => {
    const comment = `Twice tapped ${Math.random()}`;
    const cookie = await pageMark(PADEL_PAGE);
    const body = () => new URLSearchParams(padelPairs([['root_share_experience', comment]]));
    const first = await postForm(PADEL_PAGE, body(), { cookie });
    const second = await postForm(PADEL_PAGE, body(), { cookie });
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await storedPadel(comment)).toHaveLength(1);
  });

  it('two posts at the same moment store one submission, and both get its thanks', async () => {
    const comment = `At once ${Math.random()}`;
    const cookie = await pageMark(PADEL_PAGE);
    const answers = await Promise.all(
      [1, 2].map(() => postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])), { cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(answers[1].headers.get('location')).toBe(answers[0].headers.get('location'));
    expect(await storedPadel(comment)).toHaveLength(1);
  });

  it('other answers from the same page load (Back, one answer changed), another page load, or no cookie at all are new submissions', async () => {
    const comment = `Changed ${Math.random()}`;
    const cookie = await pageMark(PADEL_PAGE);
    const first = await postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])), { cookie });
    const changed = await postForm(
      PADEL_PAGE,
      new URLSearchParams(
        padelPairs([
          ['root_share_experience', comment],
          ['root_visit_frequency', 'monthly'],
        ]),
      ),
      { cookie },
    );
    expect(changed.headers.get('location')).not.toBe(first.headers.get('location'));
    const again = await postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])), { cookie: await pageMark(PADEL_PAGE) });
    expect(again.headers.get('location')).not.toBe(first.headers.get('location'));
    await postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])));
    await postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])));
    expect(await storedPadel(comment)).toHaveLength(5);
  });

  it('the same CV and answers posted twice store one application; the second file is left to the orphan sweep', async () => {
    const email = `twice.${Date.now()}@example.com`;
    const cookie = await pageMark(APPLY_PAGE);
    const page = await (await fetch(`${server.url}${APPLY_PAGE}`)).text();
    const position = /name="root_position" value="(\d+)"/.exec(page)![1];
    const form = () => {
      const body = new FormData();
      body.append('root_position', position);
      body.append('root_full_name', 'Amal Haddad');
      body.append('root_email', email);
      body.append('root_phone__dial', '974');
      body.append('root_phone', '5512 3456');
      body.append('root_cv', new Blob([tinyPdf()], { type: 'application/pdf' }), 'cv.pdf');
      return body;
    };
    const [first, second] = [await postForm(APPLY_PAGE, form(), { cookie }), await postForm(APPLY_PAGE, form(), { cookie })];
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const { body } = await server.api(`/api/${CAREERS}?where[email][equals]=${encodeURIComponent(email)}&depth=0`, {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    expect(body.docs).toHaveLength(1);
  });

  it('a forged or malformed mark is no key (the post is stored as without one), never a 5xx', async () => {
    const comment = `Forged ${Math.random()}`;
    for (const cookie of ['form-post=short', 'form-post=' + 'x'.repeat(300), 'form-post="%00%ff"', 'form-post=a;b', 'form-post']) {
      const answer = await postForm(PADEL_PAGE, new URLSearchParams(padelPairs([['root_share_experience', comment]])), { cookie });
      expect(answer.status).toBe(303);
    }
    expect(await storedPadel(comment)).toHaveLength(5);
  });

  it('only form pages are marked', async () => {
    for (const pathname of ['/', '/docs/guest-code-of-conduct', `${PADEL_PAGE}/thank-you?reference=AAAA-BBBB-CC`, '/assets/favicon.svg']) {
      expect((await fetch(`${server.url}${pathname}`)).headers.get('set-cookie')).toBeNull();
    }
  });
});
