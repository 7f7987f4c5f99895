// A staff member signs in and chats with the assistant (a local Responses API stand-in): the
// answer appears while it is written, the cited document shows as '#source', and the conversation
// is there again later (/chat?conversation=, /chat/old). Signed out, /chat sends to /login; with no
// assistant configured the page says so.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeResults } from './axe.ts';
import { DIST, startE2E, type E2E } from './harness.ts';
import { startResponsesStandIn, type ResponsesStandIn } from '../support/responses-standin.ts';
import { STAFF, startTestServer, type TestServer } from '../support/server.ts';

let e2e: E2E;
let standIn: ResponsesStandIn;

beforeAll(async () => {
  standIn = await startResponsesStandIn();
  e2e = await startE2E({
    assistant: { apiKey: standIn.key, baseUrl: standIn.url, model: 'gpt-standin', promptId: null, vectorStoreIds: ['vs_guest_docs'], instructions: null },
  });
});
afterAll(async () => {
  await e2e?.close();
  await standIn?.close();
});

/** A browser context signed in as staff: POST /api/users/login sets the HttpOnly cookie, as the login page does. */
async function signedIn(serverUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
  const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const login = await context.request.post(`${serverUrl}/api/users/login`, { data: STAFF });
  expect(login.status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** axe-core's WCAG 2.2 A and AA rules, as tests/e2e/accessibility.test.ts runs them on every route signed out. */
async function violations(page: Page): Promise<string[]> {
  return (await axeResults(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the staff chat', () => {
  it('a signed-in staff member asks, watches the answer arrive, sees #source, and finds the conversation again', async () => {
    const { context, page } = await signedIn(e2e.server.url);
    standIn.pieceDelayMs = 400;
    try {
      await page.goto(`${e2e.server.url}/chat`);
      await page.getByRole('heading', { level: 1, name: 'Ask the assistant' }).waitFor();
      await page.getByLabel('Your question').fill('How many bags may a guest bring?');
      await page.getByRole('button', { name: 'Send' }).click();

      const answer = page.locator('.chat-assistant p').last();
      // Part of the answer is shown before the rest is written.
      await page.waitForFunction(() => {
        const text = document.querySelector('.chat-assistant:last-of-type p')?.textContent ?? '';
        return text.startsWith('Guests may bring') && !text.includes('into the park');
      });
      await page.getByText('#source: `guest-policy.pdf`').waitFor();
      expect(await answer.innerText()).toBe('Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`');
      await page.waitForURL(/\?conversation=\d+$/);
      // Ready for the next question: the focus is back in the question field.
      await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA', undefined, { timeout: 5000 });

      // The page never held the key: the server asked the stand-in with it.
      expect(standIn.requests.at(-1)!.authorization).toBe(`Bearer ${standIn.key}`);
      expect(await (await context.request.get(`${e2e.server.url}/runtime-config.js`)).text()).not.toContain(standIn.key);

      // A follow-up continues the same conversation.
      standIn.pieceDelayMs = 20;
      await page.getByLabel('Your question').fill('And children?');
      await page.getByLabel('Your question').press('Enter');
      await page.locator('.chat-assistant').nth(1).getByText('#source').waitFor();
      expect(standIn.requests.at(-1)!.body.previous_response_id).toMatch(/^resp_standin_\d+$/);

      // Later: the conversation is listed on /chat/old and opens with both questions and answers.
      await page.goto(`${e2e.server.url}/chat/old?lang=ar`);
      await page.getByRole('heading', { level: 1, name: 'المحادثات السابقة' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByRole('link', { name: /How many bags may a guest bring\?/ }).click();
      await page.waitForURL(/\/chat\?conversation=\d+&lang=ar$/);
      await page.locator('.chat-user').nth(1).waitFor();
      expect(await page.locator('.chat-message p').allInnerTexts()).toEqual([
        'How many bags may a guest bring?',
        'Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`',
        'And children?',
        'Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`',
      ]);
      expect(await violations(page), 'a conversation, in Arabic').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.goto(`${e2e.server.url}/chat/old`);
      await page.getByRole('heading', { level: 1, name: 'Past conversations' }).waitFor();
      expect(await violations(page), 'past conversations').toEqual([]);
    } finally {
      standIn.pieceDelayMs = 30;
      await context.close();
    }
  });

  it('an empty question is refused in the page, next to the field', async () => {
    const { context, page } = await signedIn(e2e.server.url);
    try {
      await page.goto(`${e2e.server.url}/chat`);
      const asked = standIn.requests.length;
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').getByText('Write a question first.').waitFor();
      expect(await page.getByLabel('Your question').getAttribute('aria-invalid')).toBe('true');
      expect(await violations(page), 'after an empty question').toEqual([]);
      expect(standIn.requests.length).toBe(asked);
    } finally {
      await context.close();
    }
  });

  it('signed out, /chat goes to the sign-in page and would come back afterwards', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/chat/old?lang=ar`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/chat/old?lang=ar');
    await page.close();
  });
});

describe('with no assistant configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ webDistDir: DIST });
  });
  afterAll(() => bare?.close());

  it('the chat page says so plainly and offers no way to send', async () => {
    const { context, page } = await signedIn(bare.url);
    try {
      await page.goto(`${bare.url}/chat`);
      await page.getByRole('heading', { level: 1, name: 'Ask the assistant' }).waitFor();
      await page.getByText('The chat assistant is not set up on this server, so questions cannot be answered yet.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
