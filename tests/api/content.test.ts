import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const slugs = (body: { docs: { slug: string }[] }) => body.docs.map((doc) => doc.slug);

describe('the dining survey finds its restaurant', () => {
  it('with where[slug][equals] and with the brackets-first form the pages send', async () => {
    for (const query of ['where[slug][equals]=cova', '[where][slug][equals]=cova', 'where=%7B%22slug%22%3A%7B%22equals%22%3A%22cova%22%7D%7D']) {
      const answer = await server.api(`/api/restaurants?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body.docs).toHaveLength(1);
      expect(answer.body.docs[0]).toMatchObject({ name: 'Cova', slug: 'cova', scripts: [{ type: 'external', src: expect.stringMatching(/^\/assets\//) }] });
    }
  });

  it('is told which path cannot be queried', async () => {
    const answer = await server.api('/api/restaurants?where[owner][equals]=x');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ name: 'QueryError', data: [{ path: 'owner' }], message: 'The following path cannot be queried: owner' }] });
  });

  it('supports the usual operators, and/or, sort and pages', async () => {
    const get = async (query: string) => (await server.api(`/api/restaurants?${query}`)).body;
    expect(slugs(await get('where[slug][in]=cova,twiga&sort=slug'))).toEqual(['cova', 'twiga']);
    expect(slugs(await get('where[slug][in][]=cova&where[slug][in][]=twiga&sort=-slug'))).toEqual(['twiga', 'cova']);
    expect(slugs(await get('where[name][like]=pierre&sort=name'))).toEqual(['pierre-herme', 'pierre-marcolini']);
    expect(slugs(await get('where[name][contains]=THÉ'))).toEqual(['salon-de-the']);
    expect(slugs(await get('where[or][0][slug][equals]=cova&where[or][1][slug][equals]=twiga&sort=slug'))).toEqual(['cova', 'twiga']);
    expect(slugs(await get('where[and][0][name][like]=pierre&where[and][1][slug][not_equals]=pierre-herme'))).toEqual(['pierre-marcolini']);
    expect((await get('where[slug][not_in]=cova,twiga&limit=0')).totalDocs).toBe(7);
    expect((await get('where[id][greater_than]=0&pagination=false')).docs).toHaveLength(9);
    expect((await get('where[slug][exists]=false')).totalDocs).toBe(0);

    const page = await get('sort=slug&limit=4&page=2');
    expect(page).toMatchObject({
      totalDocs: 9,
      limit: 4,
      totalPages: 3,
      page: 2,
      pagingCounter: 5,
      hasPrevPage: true,
      hasNextPage: true,
      prevPage: 1,
      nextPage: 3,
    });
    expect(slugs(page)).toHaveLength(4);
    const count = await server.api('/api/restaurants/count?where[name][like]=pierre');
    expect(count.body).toEqual({ totalDocs: 2 });
  });

  it('staff can filter submissions by their answers', async () => {
    await server.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'poor' }) });
    const { body } = await server.api(`/api/${DINING}?where[rating_food][equals]=poor&where[createdAt][greater_than]=2020-01-01`, { as: 'staff' });
    expect(body.totalDocs).toBe(1);
  });
});

describe('page content', () => {
  it('is one global with branding per theme', async () => {
    const answer = await server.api('/api/globals/page-content');
    expect(answer.status).toBe(200);
    expect(answer.body.globalType).toBe('page-content');
    for (const theme of ['destination', 'quest', 'store']) {
      expect(answer.body[theme]).toEqual({
        favicon: { url: expect.stringMatching(/^\/assets\/.+\.svg$/) },
        logo_primary: { url: expect.stringMatching(/^\/assets\/.+\.svg$/) },
        logo_secondary: { url: expect.stringMatching(/^\/assets\/.+\.svg$/) },
      });
    }
  });
});
