// Upload ids are sequential, so a guest could name another guest's receipt,
// still waiting for its form, in their own registration. An upload is attached only with the
// claim its own answer gave.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_KEY, startTestServer, type TestServer } from '../../support/server.ts';
import { fileForm, tinyPng } from '../../support/files.ts';
import { cleanupOrphanUploads } from '../../../src/server/features/uploads/orphan-cleanup.ts';
import { captchaProof, errorPaths, LOYALTY, LOYALTY_MEDIA, loyaltyAnswers } from '../samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Another guest's browser: the public key, and only the claims it was given itself. */
async function asOtherGuest(pathname: string, init: { json?: unknown; form?: FormData; headers?: Record<string, string> }) {
  const headers: Record<string, string> = { authorization: `users API-Key ${PUBLIC_KEY}`, ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${pathname}`, { method: 'POST', headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.form });
  return { status: response.status, body: (await response.json()) as { doc?: { id: number }; claim?: string; errors?: unknown } };
}

describe('a receipt waiting for its form', () => {
  it("cannot be named in another guest's registration by guessing its id; its own guest attaches it", async () => {
    const victim = await loyaltyAnswers(server); // uploads the victim's receipt with the helper's claim
    const mine = await asOtherGuest(`/api/${LOYALTY_MEDIA}`, { form: fileForm(tinyPng(), 'mine.png', 'image/png') });
    expect(mine.status).toBe(201);
    expect(mine.body.doc!.id).toEqual(expect.any(Number));
    expect(mine.body.claim).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The attacker knows the victim's id (the one before theirs) and carries their own claim only.
    const stolen = await asOtherGuest(`/api/${LOYALTY}`, {
      json: { ...victim, phone: '+97455990001' },
      headers: { 'x-captcha-proof': await captchaProof(server), 'x-upload-claim': mine.body.claim!, 'accept-language': 'en' },
    });
    expect(stolen.status).toBe(400);
    expect(errorPaths(stolen.body as never)).toEqual(['receipt']);
    const noClaim = await asOtherGuest(`/api/${LOYALTY}`, { json: victim, headers: { 'x-captcha-proof': await captchaProof(server) } });
    expect(noClaim.status).toBe(400);
    expect(errorPaths(noClaim.body as never)).toEqual(['receipt']);

    // The victim's own submission (the helper carries its claim, as the page does) still attaches it.
    const own = await server.api(`/api/${LOYALTY}`, { json: victim, headers: { 'x-captcha-proof': await captchaProof(server) } });
    expect(own.status).toBe(201);
    const attacker = await asOtherGuest(`/api/${LOYALTY}`, {
      json: { ...victim, receipt: mine.body.doc!.id, phone: '+97455990002' },
      headers: { 'x-captcha-proof': await captchaProof(server), 'x-upload-claim': mine.body.claim! },
    });
    expect(attacker.status).toBe(201);
  });

  it('files of a deleted submission are let go and swept with their stored bytes', async () => {
    const answers = await loyaltyAnswers(server);
    const stored = await server.api(`/api/${LOYALTY}`, { json: answers, headers: { 'x-captcha-proof': await captchaProof(server) } });
    expect(stored.status).toBe(201);
    const file = (await server.api(`/api/${LOYALTY_MEDIA}/${answers.receipt}`, { as: 'staff' })).body;
    const onDisk = path.join(server.config.dataDir, 'uploads', LOYALTY_MEDIA, file.filename);
    expect(fs.existsSync(onDisk)).toBe(true);

    // As an erasure or the retention sweep deletes it.
    await server.ctx.db.query('DELETE FROM documents WHERE id = $1', [stored.body.doc.id]);
    const options = { uploadsRoot: path.join(server.config.dataDir, 'uploads'), collections: [LOYALTY_MEDIA], storage: server.ctx.uploads };
    await cleanupOrphanUploads(server.ctx.db, new Date(Date.now() + 61 * 60_000), 60, options);
    expect((await server.api(`/api/${LOYALTY_MEDIA}/${answers.receipt}`, { as: 'staff' })).status).toBe(404);
    expect(fs.existsSync(onDisk)).toBe(false);
  });
});
