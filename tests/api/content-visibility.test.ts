// Drafts never leave the server: the public key sees only what a collection's publicWhere allows
// (content/collections.json), however it asks (list, count, by id, by a where of its own); staff
// see everything. And the pages' addresses answer 200, unknown ones 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DRAFT = 'draft-summer-hours';

describe('positions, benefits and perks', () => {
  const publicSlugs = async (collection: string) => (await server.api(`/api/${collection}?limit=500`)).body.docs.map((doc: { slug: string }) => doc.slug);
  const staffSlugs = async (collection: string) =>
    (await server.api(`/api/${collection}?limit=500`, { as: 'staff' })).body.docs.map((doc: { slug: string }) => doc.slug);

  it('closed, expired and draft positions never reach the public key', async () => {
    const seen = await publicSlugs('positions');
    expect(seen).toEqual(expect.arrayContaining(['sales-associate-beauty', 'ride-operator', 'guest-experience-host']));
    for (const hidden of ['store-cashier-2025', 'lifeguard', 'events-coordinator']) {
      expect(seen).not.toContain(hidden);
      expect(await staffSlugs('positions')).toContain(hidden);
    }
  });

  it('expired and draft benefits, and draft perks, never reach the public key', async () => {
    const benefits = await publicSlugs('benefits');
    expect(benefits).toContain('medical-insurance');
    expect(benefits).not.toContain('wellness-week-2025');
    expect(benefits).not.toContain('pet-insurance');
    expect(await staffSlugs('benefits')).toEqual(expect.arrayContaining(['wellness-week-2025', 'pet-insurance']));
    expect(await publicSlugs('perks')).not.toContain('new-bistro');
    expect((await server.api('/api/benefits?where[expires_at][less_than]=2026-01-01')).body.docs).toEqual([]);
  });
});

describe('documents', () => {
  it('the public key lists published documents only', async () => {
    const answer = await server.api('/api/documents?limit=100');
    expect(answer.status).toBe(200);
    const slugs = answer.body.docs.map((doc: { slug: string }) => doc.slug);
    expect(slugs).toContain('guest-code-of-conduct');
    expect(slugs).not.toContain(DRAFT);
    expect(answer.body.totalDocs).toBe(slugs.length);
  });

  it('a draft cannot be reached by its slug, by an or, by its id or counted', async () => {
    expect((await server.api(`/api/documents?where[slug][equals]=${DRAFT}`)).body.docs).toEqual([]);
    expect((await server.api(`/api/documents?where[or][0][slug][equals]=${DRAFT}&where[or][1][status][equals]=draft`)).body.docs).toEqual([]);
    expect((await server.api(`/api/documents?where[status][equals]=draft`)).body.totalDocs).toBe(0);
    expect((await server.api(`/api/documents/count?where[slug][equals]=${DRAFT}`)).body).toEqual({ totalDocs: 0 });
    const asStaff = await server.api(`/api/documents?where[slug][equals]=${DRAFT}`, { as: 'staff' });
    expect(asStaff.body.docs).toHaveLength(1);
    const byId = await server.api(`/api/documents/${asStaff.body.docs[0].id}`);
    expect(byId.status).toBe(404);
    expect((await server.api(`/api/documents/${asStaff.body.docs[0].id}`, { as: 'staff' })).status).toBe(200);
  });

  it('the club launch global holds the app store addresses', async () => {
    const answer = await server.api('/api/globals/club-launch');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ android_url: expect.stringMatching(/^https:\/\//), ios_url: expect.stringMatching(/^https:\/\//) });
  });
});
