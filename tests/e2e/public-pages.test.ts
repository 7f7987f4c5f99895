// The public pages that are not forms, as a visitor sees them in English and Arabic: the landing
// page, a brand's hub, the loyalty club app launch and the documents viewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the landing page and the brand hub', () => {
  it('the bare address lists the three brands with their public pages and documents', async () => {
    const page = await e2e.open('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Doha Oasis, Doha Quest and Printemps');
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Doha Oasis', 'Doha Quest', 'Printemps']);
    const printemps = page.getByRole('region', { name: 'Printemps' });
    expect(await printemps.getByRole('link', { name: 'Printemps Loyalty Club app' }).getAttribute('href')).toBe('/clubprintemps');
    expect(await printemps.getByRole('link', { name: 'Printemps Loyalty Club Terms' }).getAttribute('href')).toBe('/docs/loyalty-club-terms');
    // A draft document and the private employee survey (in a default build, it is there) by their titles.
    expect(await page.getByText('Summer opening hours').count()).toBe(0);
  });

  // Guest pages link to each other with plain page loads (the guest entry has no router: src/web/guest.tsx), each page the server's render.
  it('in Arabic, right-to-left with Arabic titles; a link keeps the language and opens the page as the server rendered it', async () => {
    const page = await e2e.open('/?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('دوحة أويسس ودوحة كويست وبرنتان');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('link', { name: 'مدونة سلوك الضيوف' }).click();
    await page.waitForURL(/\/docs\/guest-code-of-conduct\?lang=ar$/);
    await page.getByRole('heading', { level: 1, name: 'مدونة سلوك الضيوف' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
    expect(await page.evaluate(() => [document.documentElement.lang, document.getElementById('page-route') !== null])).toEqual(['ar', true]);
  });

  it('a brand’s own address lists only that brand, in its theme', async () => {
    const page = await e2e.open('/dohaoasis');
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Doha Oasis']);
    expect(await page.getByRole('link', { name: 'Guest Code of Conduct' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('destination');
  });
});

describe('the loyalty club app launch', () => {
  it('says the app is launched and links to both stores, the logo turning slowly', async () => {
    const page = await e2e.open('/clubprintemps');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Printemps Loyalty Club App Launched!');
    await page.getByText('Download now to start enjoying exclusive member benefits.').waitFor();
    expect(await page.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(await page.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    const animation = await page.locator('.club-launch-logo').evaluate((img) => [getComputedStyle(img).animationName, getComputedStyle(img).animationDuration]);
    expect(animation).toEqual(['club-launch-turn', '50s']);
    expect(await page.locator('.site-header').count()).toBe(0);
  });

  it('keeps the logo still for a visitor who prefers reduced motion, and speaks Arabic', async () => {
    const page = await e2e.browser.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${e2e.server.url}/clubprintemps?lang=ar`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('تم إطلاق تطبيق نادي ولاء برنتان!');
    expect(await page.locator('.club-launch-logo').evaluate((img) => getComputedStyle(img).animationName)).toBe('none');
  });
});

describe('the documents viewer', () => {
  it('shows a document’s rich text: headings, bold, lists, a quote and a safe link', async () => {
    const page = await e2e.open('/docs/guest-code-of-conduct');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Guest Code of Conduct');
    expect(await page.getByRole('heading', { level: 2 }).innerText()).toBe('Welcome to Doha Oasis');
    expect(await page.locator('.document-body strong').innerText()).toBe('Please read these rules before you enter the attractions.');
    expect(await page.locator('.document-body li').count()).toBe(3);
    expect(await page.locator('.document-body blockquote').innerText()).toContain('Respect for others');
    expect(await page.getByRole('link', { name: 'guest relations' }).getAttribute('href')).toBe('mailto:guest.relations@example.com');
    await expect.poll(() => page.title()).toBe('Doha Oasis | Docs | Guest Code of Conduct');
  });

  it('reads the legacy Slate shape too, in Arabic', async () => {
    const page = await e2e.open('/docs/loyalty-club-terms?lang=ar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('شروط نادي ولاء برنتان');
    expect(await page.locator('.document-body strong').innerText()).toBe('حساب واحد لكل رقم هاتف.');
    const link = page.getByRole('link', { name: 'printemps.com' });
    expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });

  it('shows a PDF document inline with a download link', async () => {
    const page = await e2e.open('/docs/park-safety-rules');
    expect(await page.locator('.document-pdf iframe').getAttribute('src')).toBe('/assets/docs/park-safety-rules.pdf');
    const download = page.getByRole('link', { name: 'Download the PDF' });
    expect(await download.getAttribute('download')).toBe('park-safety-rules.pdf');
    const pdf = await page.request.get(`${e2e.server.url}/assets/docs/park-safety-rules.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
  });

  it('an unknown slug and a draft are Not Found, answered with HTTP 404 like an unknown address', async () => {
    for (const slug of ['no-such-document', 'draft-summer-hours']) {
      const page = await e2e.open(`/docs/${slug}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), slug).toBe('Not Found');
      expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    }
    for (const unknownAddress of ['/no/such/page', '/docs/no-such-document', '/docs/draft-summer-hours', '/docs/draft-summer-hours?lang=ar']) {
      const unknown = await fetch(`${e2e.server.url}${unknownAddress}`);
      expect(unknown.status, unknownAddress).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    }
    for (const known of ['/', '/docs/guest-code-of-conduct', '/docs/guest-code-of-conduct?lang=ar', '/survey/fnb/cova', '/survey/fnb/'])
      expect((await fetch(`${e2e.server.url}${known}`)).status, known).toBe(200);
  });

  it('renders hostile content inert: no script runs, no handler, no javascript: link, quotes stay text', async () => {
    const hostile = {
      slug: 'hostile',
      brand: 'destination',
      status: 'published',
      listed: false,
      title: { en: '"><img src=x onerror="window.pwned=1">' },
      body: {
        en: [
          { children: [{ text: '<script>window.pwned = 2</script>' }] },
          { type: 'link', url: 'javascript:window.pwned=3', children: [{ text: 'click me' }] },
          { type: 'link', url: ' JaVaScRiPt:window.pwned=4', children: [{ text: 'me too' }] },
          { type: 'img', src: 'x', onerror: 'window.pwned=5', children: [{ text: 'an image node' }] },
          { type: 'h2" onclick="window.pwned=6', children: [{ text: 'odd heading' }] },
        ],
      },
    };
    await e2e.server.ctx.db.query('INSERT INTO documents (collection, data) VALUES ($1, $2::jsonb)', ['documents', JSON.stringify(hostile)]);
    const page = await e2e.open('/docs/hostile');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(hostile.title.en);
    await page.getByText('<script>window.pwned = 2</script>').waitFor();
    expect(await page.locator('.document-body script, .document-body img, [onerror], [onclick]').count()).toBe(0);
    expect(await page.locator('.document-body a').count()).toBe(0);
    await page.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });
});
