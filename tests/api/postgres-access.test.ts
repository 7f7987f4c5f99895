// Access by role and venue on PostgreSQL (DATABASE_URL): the venue filter, the upload check and the
// roles arrays run the same SQL there as on the embedded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { DINING, diningAnswers } from './samples.ts';

describe('access by role and venue on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let server: TestServer;

  beforeAll(async () => {
    cluster = await startPostgres();
    server = await startTestServer({ databaseUrl: cluster.url });
    for (const restaurant of ['Cova', 'Twiga', 'Cova'])
      expect((await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: restaurant }) })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
  });

  it('a manager of Cova lists, counts and exports Cova’s surveys only; a viewer all; a whistle-blower report is compliance’s', async () => {
    const cova = await server.staffAs(['manager'], ['cova']);
    const list = await server.api(`/api/${DINING}?limit=50&depth=0`, { as: 'none', headers: cova });
    expect(list.body.docs.map((doc: { visited_restaurant: string }) => doc.visited_restaurant)).toEqual(['Cova', 'Cova']);
    expect((await server.api(`/api/${DINING}/count`, { as: 'none', headers: cova })).body.totalDocs).toBe(2);
    const csv = (await server.api(`/api/${DINING}/export.csv`, { as: 'none', headers: cova })).body as string;
    expect(csv.trim().split('\r\n')).toHaveLength(3);
    expect(csv).not.toContain('Twiga');
    const viewer = await server.staffAs(['viewer']);
    expect((await server.api(`/api/${DINING}/count`, { as: 'none', headers: viewer })).body.totalDocs).toBe(3);
    expect((await server.api('/api/employee-whistle-blower/count', { as: 'staff' })).status).toBe(403);
    expect((await server.api('/api/employee-whistle-blower/count', { as: 'none', headers: await server.staffAs(['compliance']) })).body.totalDocs).toBe(0);
  });
});
