import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pagePolicy } from '../../src/server/features/render/content-security-policy.ts';
import { brotliCompressSync } from 'node:zlib';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (pathname: string) => fetch(`${server.url}${pathname}`);

describe('the pages', () => {
  it('every route answers the app, marked noindex, with a strict Content-Security-Policy', async () => {
    for (const pathname of ['/', '/survey/fnb/cova', '/printemps/loyalty-registration?store=doha', '/no/such/page']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it('hand the pages their deployment settings in /runtime-config.js, and allow that captcha script', async () => {
    const own = await startTestServer({ recaptchaSiteKey: 'site-key-x', recaptchaScriptUrl: 'http://127.0.0.1:9/grecaptcha.js' });
    try {
      const response = await fetch(`${own.url}/runtime-config.js`);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      const settings = {} as { __RUNTIME_CONFIG__?: Record<string, string> };
      new Function('window', await response.text())(settings);
      expect(settings.__RUNTIME_CONFIG__).toEqual({
        publicApiKey: 'test-public-key',
        humanCheck: 'recaptcha',
        recaptchaSiteKey: 'site-key-x',
        recaptchaScriptUrl: 'http://127.0.0.1:9/grecaptcha.js',
        apiBaseUrl: '',
      });
      expect((await fetch(`${own.url}/`)).headers.get('content-security-policy')).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:9 /);
    } finally {
      await own.close();
    }
  });

  it('hashed assets are cached for good, the page itself is revalidated, missing assets are 404', async () => {
    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const asset = path.join(server.config.webDistDir, 'assets', 'index-AbCd1234.js');
    expect(Buffer.from(await plain.arrayBuffer()).equals(fs.readFileSync(asset))).toBe(true);
    // Their precompressed copies too (the build writes .br and .gz beside each file), read with them at start.
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(fs.readFileSync(asset)));
    const own = await startTestServer({ webDistDir: server.config.webDistDir });
    try {
      const compressed = await fetch(`${own.url}/assets/index-AbCd1234.js`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(compressed.headers.get('content-encoding')).toBe('br');
      expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await compressed.text()).toBe(fs.readFileSync(asset, 'utf8'));
      // A browser that refuses brotli gets the file as it is; one that has it already, 304.
      const refused = await fetch(`${own.url}/assets/index-AbCd1234.js`, { headers: { 'accept-encoding': 'br;q=0' } });
      expect(refused.headers.get('content-encoding')).toBeNull();
      const again = await fetch(`${own.url}/assets/index-AbCd1234.js`, { headers: { 'if-none-match': compressed.headers.get('etag')! } });
      expect(again.status).toBe(304);
    } finally {
      await own.close();
      fs.rmSync(`${asset}.br`);
    }
    expect((await get('/survey/fnb')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/index-Gone1234.js')).status).toBe(404);
    expect((await get('/assets/docs/..%2f..%2fpackage.json')).status).toBe(404);
  });

  it("an asset's name never leaves assets/: the server's own render and the build's manifest are not served", async () => {
    const dist = server.config.webDistDir;
    fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'server', 'render-page.js'), 'export const secret = "server render";');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret": "manifest"}');
    for (const pathname of [
      '/assets/..%2Fserver%2Frender-page.js',
      '/assets/..%2F.vite%2Fmanifest.json',
      '/assets/..%5Cserver%5Crender-page.js',
      '/assets/%2E%2E%2Fserver%2Frender-page.js',
    ]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(await answer.text(), pathname).not.toContain('secret');
    }
    // Asked for directly, they are pages the app does not know (the app's index.html), never the files.
    for (const pathname of ['/server/render-page.js', '/.vite/manifest.json']) expect(await (await get(pathname)).text(), pathname).not.toContain('secret');
  });

  it('every answer carries the security headers once: HSTS for a year, nosniff, the referrer policy; pages alone the computed policy', async () => {
    const policy = pagePolicy(server.config.recaptchaScriptUrl);
    for (const pathname of ['/', '/survey/fnb/cova', '/assets/index-AbCd1234.js', '/api/restaurants', '/api/no-such-route', '/runtime-config.js']) {
      const response = await get(pathname);
      expect(response.headers.get('strict-transport-security'), pathname).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), pathname).toBe('SAMEORIGIN');
      expect(response.headers.get('x-robots-tag'), pathname).toBe('noindex');
      const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
      expect(response.headers.get('content-security-policy'), pathname).toBe(isPage ? policy : null);
    }
  });

  it('API answers are marked noindex too, and never cached', async () => {
    const answer = await get('/api/restaurants');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('before the pages are built', () => {
  it('says how to build them', async () => {
    const unbuilt = await startTestServer({ webDistDir: path.join(server.config.dataDir, 'no-dist') });
    try {
      const response = await fetch(`${unbuilt.url}/survey/fnb`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe('Pages are not built: run npm run build');
      expect((await unbuilt.api('/api/restaurants')).status).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});
