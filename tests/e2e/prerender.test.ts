// Form pages (and the hubs and documents) arrive rendered by the server: readable without JavaScript in the page's language
// and direction, then hydrated by React without a hydration error and without a visible change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { drawSignature } from './fill.ts';
import { pageScriptsFrame, startE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The page as a browser without JavaScript shows it. */
async function withoutScript(path: string) {
  const context = await e2e.browser.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(`${e2e.server.url}${path}`);
  const shown = {
    status: answer?.status(),
    lang: await page.evaluate(() => document.documentElement.lang),
    dir: await page.evaluate(() => document.documentElement.dir),
    title: await page.title(),
    heading: await page.locator('h1').first().innerText(),
    labels: await page.locator('.field-label, legend').allInnerTexts(),
    text: await page.locator('body').innerText(),
    theme: await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()),
  };
  await context.close();
  return shown;
}

describe('form pages before JavaScript', () => {
  it('the dining survey shows its questions, the restaurant in the title and its tag in <head>, in English and in Arabic (right to left)', async () => {
    const english = await withoutScript('/survey/fnb/cova');
    expect(english.status).toBe(200);
    expect([english.lang, english.dir]).toEqual(['en', 'ltr']);
    expect(english.title).toBe('Printemps | Survey F&B | Cova');
    expect(english.labels.join('|')).toContain('Meal Period');
    expect(english.text).toContain('How would you rate the food?'.slice(0, 10));
    expect(english.theme).toBe('#1f1f1f');
    expect(english.text).not.toContain('This page needs JavaScript');

    const arabic = await withoutScript('/survey/fnb/cova?lang=ar');
    expect([arabic.lang, arabic.dir]).toEqual(['ar', 'rtl']);
    expect(arabic.title).toBe('Printemps | استبيان المطاعم والمقاهي | Cova');
    expect(arabic.labels.join('|')).toContain('الوجبة');
    expect(arabic.labels.join('|')).not.toContain('Meal Period');

    const html = await (await fetch(`${e2e.server.url}/survey/fnb/cova`)).text();
    // The restaurant's tag is no script of the page: its sandboxed frame runs it.
    expect(html).not.toMatch(/<script[^>]*restaurant-tag\.js/);
    expect(html).toMatch(/<iframe class="page-scripts" src="\/page-scripts\/survey\/fnb\/cova" sandbox="allow-scripts" title="[^"]+" hidden="">/);
  });

  it('a waiver shows its questions in English and in Arabic', async () => {
    const english = await withoutScript('/dohaquest/ifly-waiver');
    expect([english.lang, english.dir]).toEqual(['en', 'ltr']);
    expect(english.labels.length).toBeGreaterThan(5);
    expect(english.labels.join('|')).toMatch(/Signature/);
    const arabic = await withoutScript('/dohaquest/ifly-waiver?lang=ar');
    expect([arabic.lang, arabic.dir]).toEqual(['ar', 'rtl']);
    expect(arabic.labels.length).toBe(english.labels.length);
    expect(arabic.labels.join('|')).toMatch(/التوقيع/);
  });

  it('with JavaScript the page hydrates what it received: no hydration error, the same questions, the restaurant tag run once', async () => {
    for (const path of ['/survey/fnb/cova', '/survey/fnb/cova?lang=ar', '/dohaquest/ifly-waiver?lang=ar']) {
      const page = await e2e.browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const received = await (await fetch(`${e2e.server.url}${path}`)).text();
      await page.goto(`${e2e.server.url}${path}`);
      await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      const labelsReceived = [...received.matchAll(/class="field-label"[^>]*>([^<]*)/g)].map((match) => match[1]);
      // Hydrated, a waiver also offers returning guests their code step (ReturningGuest.tsx), above the form: not a question of it.
      const labelsShown = await page
        .locator('.field-label:not(.returning-guest .field-label)')
        .evaluateAll((elements) => elements.map((element) => element.childNodes[0]?.textContent ?? ''));
      expect(labelsShown.slice(0, labelsReceived.length)).toEqual(labelsReceived);
      if (path.startsWith('/survey/fnb/cova')) {
        expect(await page.locator('iframe.page-scripts').count()).toBe(1);
        await expect.poll(() => pageScriptsFrame(page)?.evaluate(() => document.documentElement.dataset.restaurantTag)).toBe('cova');
        expect(await page.locator('script[src="/assets/restaurant-tag.js"]').count()).toBe(0);
      }
      await page.close();
    }
  });

  it('a hub and a document arrive rendered too, and hydrate without an error', async () => {
    const hub = await withoutScript('/dohaoasis?lang=ar');
    expect([hub.status, hub.lang, hub.dir, hub.heading]).toEqual([200, 'ar', 'rtl', 'دوحة أويسس']);
    const bare = await withoutScript('/');
    expect(bare.heading).toBe('Doha Oasis, Doha Quest and Printemps');
    const shownDocument = await withoutScript('/docs/guest-code-of-conduct');
    expect([shownDocument.status, shownDocument.heading, shownDocument.title]).toEqual([
      200,
      'Guest Code of Conduct',
      'Doha Oasis | Docs | Guest Code of Conduct',
    ]);
    expect(shownDocument.text).toContain('Please read these rules before you enter the attractions.');
    expect((await fetch(`${e2e.server.url}/docs/no-such-document`)).status).toBe(404);

    for (const path of ['/', '/dohaoasis?lang=ar', '/docs/guest-code-of-conduct']) {
      const page = await e2e.browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${e2e.server.url}${path}`);
      await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);
      await page.close();
    }
  });

  it('the brand font of the page is ours, preloaded in the script of its language, cached for good; the page is drawn in it', async () => {
    for (const [path, file] of [
      ['/survey/fnb/cova', /poppins-latin-400-normal-[\w-]+\.woff2/],
      ['/survey/fnb/cova?lang=ar', /tajawal-arabic-400-normal-[\w-]+\.woff2/],
    ] as const) {
      const html = await (await fetch(`${e2e.server.url}${path}`)).text();
      const preload = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/.exec(html);
      expect(preload?.[1]).toMatch(file);
      const font = await fetch(`${e2e.server.url}${preload![1]}`);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect(font.headers.get('cache-control')).toContain('immutable');
    }
    const page = await e2e.open('/survey/fnb/cova');
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family} ${face.weight}`));
    expect(loaded).toContain('Poppins 400');
  });
  it('a form page arrives compressed with its styles inside: the first paint waits for no stylesheet, and none is fetched after', async () => {
    const asked = (encoding: string) => fetch(`${e2e.server.url}/survey/fnb/cova`, { headers: { 'accept-encoding': encoding } });
    const brotli = await asked('gzip, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('accept-encoding');
    expect((await asked('gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await asked('identity')).headers.get('content-encoding')).toBeNull();
    const html = await brotli.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[^<]*\.field-label[^<]*<\/style>/);
    // Every stylesheet link is a disabled marker (never fetched), so no request holds up the first paint.
    const links = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/ disabled>$/);
    // The font is asked for before any script or other file.
    expect(head.search(/<link rel="preload" as="font"/)).toBeLessThan(head.search(/<script|<link rel="modulepreload"/));

    const page = await e2e.browser.newPage();
    const styles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styles.push(request.url());
    });
    await page.goto(`${e2e.server.url}/survey/fnb/cova`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await page.waitForLoadState('networkidle');
    expect(styles).toEqual([]);
    // Styled by the page's own styles: the submit button in the theme's primary colour.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary).toBe('#1f1f1f');
    expect(await page.locator('button[type="submit"]').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(31, 31, 31)');
    await page.close();
  });

  it("the form is painted before the page's chunks are fetched (they are listed, then fetched at once), and nothing on it moves", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/survey/fnb/cova`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(async () => {
      const shifts = await new Promise<number>((done) => {
        new PerformanceObserver((list) =>
          done(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0)),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(0), 500);
      });
      const listed = (document.querySelector('meta[name="page-modules"]')?.getAttribute('content') ?? '').split(' ').filter(Boolean);
      const fetched = performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
      const logo = document.querySelector('.site-logo');
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        listed: listed.map((path) => ({ path, start: fetched.find((entry) => entry.path === path)?.start ?? Number.NaN })),
        shifts,
        logo: [logo?.getAttribute('width'), logo?.getAttribute('height')],
      };
    });
    expect(seen.listed.map((chunk) => chunk.path).join(' ')).toMatch(/\/assets\/FormPage-[^ ]+\.js/);
    for (const chunk of seen.listed) expect(chunk.start, chunk.path).toBeGreaterThanOrEqual(seen.paint);
    expect(seen.shifts).toBe(0);
    expect(seen.logo).toEqual(['200', '40']);
    await page.close();
  });

  it("a waiver's returning-guest step takes the place the server kept for it: nothing below it moves when it comes", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/dohaquest/ifly-waiver`);
    await page.locator('details.returning-guest > summary').waitFor();
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          new PerformanceObserver((list) =>
            done(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0)),
          ).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => done(0), 500);
        }),
    );
    expect(shifts).toBe(0);
    await page.close();
  });

  it("the API answers the server's render used come inside the page: hydration asks the server for nothing, and hostile content stays data", async () => {
    const hostile = '</script><script>window.__pwned = 1</script><!--';
    const created = await e2e.server.api('/api/restaurants', { as: 'staff', json: { name: hostile, slug: 'hostile-name', scripts: [] } });
    expect(created.status).toBe(201);
    const html = await (await fetch(`${e2e.server.url}/survey/fnb/hostile-name`)).text();
    const data = /<script type="application\/json" id="api-answers">([^<]*)<\/script>/.exec(html);
    expect(JSON.stringify(JSON.parse(data![1]))).toContain(JSON.stringify(hostile).slice(1, -1));

    const page = await e2e.browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(`${request.method()} ${request.url()}`);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${e2e.server.url}/survey/fnb/hostile-name`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await page.waitForLoadState('networkidle');
    expect(asked, asked.join('\n')).toEqual([]);
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.title()).toContain(hostile);
    await page.close();
  });

  it('what a guest types and picks before the page is hydrated is all there after it, and is what is stored', async () => {
    // The page's module scripts are held until the guest has answered (a slow phone, a slow network).
    const context = await e2e.browser.browser.newContext({ locale: 'en-US' });
    const held: Route[] = [];
    let released = false;
    await context.route(/\/assets\/[^/]+\.js(\?.*)?$/, (route) => (released ? route.continue() : void held.push(route)));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${e2e.server.url}/dohaquest/ifly-waiver`, { waitUntil: 'commit' });
    await page.locator('form').waitFor();
    const guest = { name: `Early Typist ${Date.now()} نور`, qid: '28412345671', phone: '33112244', weight: '71', day: '9', year: '1987' };
    // Typed key by key, as a guest does, into the server's HTML.
    await page.locator('#root_name').pressSequentially(guest.name);
    await page.locator('#root_qid').pressSequentially(guest.qid);
    await page.locator('#root_phone__dial').selectOption('971');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially(guest.phone);
    const born = page.locator('[data-field="birth_date"]');
    await born.getByLabel('Day', { exact: true }).pressSequentially(guest.day);
    await born.getByLabel('Month', { exact: true }).selectOption('11');
    await born.getByLabel('Year', { exact: true }).pressSequentially(guest.year);
    await page.locator('#root_weight_kg').pressSequentially(guest.weight);
    await page.locator('#root_acknowledgement').check();
    // Still the server's HTML: nothing of the application ran (its entry is among the held chunks).
    expect(await page.locator('#root[data-ssr]').count()).toBe(1);
    expect(held.length).toBeGreaterThan(0);
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));

    // Every character and pick is still there once hydrated...
    expect(await page.locator('#root_name').inputValue()).toBe(guest.name);
    expect(await page.locator('#root_qid').inputValue()).toBe(guest.qid);
    expect(await page.getByRole('textbox', { name: 'Phone number', exact: true }).inputValue()).toBe(guest.phone);
    expect(await born.getByLabel('Day', { exact: true }).inputValue()).toBe(guest.day);
    expect(await born.getByLabel('Month', { exact: true }).inputValue()).toBe('11');
    expect(await born.getByLabel('Year', { exact: true }).inputValue()).toBe(guest.year);
    expect(await page.locator('#root_weight_kg').inputValue()).toBe(guest.weight);
    expect(await page.locator('#root_acknowledgement').isChecked()).toBe(true);
    // ...and in the answers sent: the pad is the script's, so the guest signs once it is there.
    await drawSignature(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'iFly waiver submitted' }).waitFor();
    const stored = (await storedDocs(e2e.server, 'ifly-waiver-forms')).filter((doc) => doc.qid === guest.qid);
    expect(stored).toMatchObject([{ name: guest.name, birth_date: '1987-11-09', weight_kg: 71, acknowledgement: true }]);
    expect(String(stored[0].phone).replace(/\D/g, '')).toBe(`971${guest.phone}`);
    expect((stored[0].signature as { strokes: unknown[] }).strokes.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the Content-Security-Policy still allows no inline script without a hash', async () => {
    const answer = await fetch(`${e2e.server.url}/survey/fnb/cova`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/'unsafe-inline'[^;]*;\s*style-src/);
    const html = await answer.text();
    // Scripts the browser runs: JSON data elements are never run.
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    for (const content of inline) {
      const hash = `'sha256-${(await import('node:crypto')).createHash('sha256').update(content).digest('base64')}'`;
      expect(policy).toContain(hash);
    }
  });
});
