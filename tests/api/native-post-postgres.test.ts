// A form posted without JavaScript against PostgreSQL (DATABASE_URL): stored with its CV in one
// transaction, and its thanks found by reference, as on the embedded database.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { tinyPdf } from '../support/files.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';

describe('a form posted without JavaScript, on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startPostgres();
    server = await startTestServer({ databaseUrl: cluster.url, webDistDir: path.join(ROOT, 'dist') });
  });
  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
  });

  it('an application with its CV is stored, the file attached, and its thanks shows the reference', async () => {
    const apply = '/careers/dohaoasis/guest-experience-host/apply';
    const page = await (await fetch(`${server.url}${apply}`)).text();
    const form = new FormData();
    form.append('root_position', /name="root_position" value="(\d+)"/.exec(page)![1]);
    form.append('root_full_name', 'Amal Haddad');
    form.append('root_email', 'amal.pg@example.com');
    form.append('root_phone__dial', '974');
    form.append('root_phone', '55123456');
    form.append('root_cv', new Blob([tinyPdf()], { type: 'application/pdf' }), 'cv.pdf');
    const answer = await fetch(`${server.url}${apply}`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: server.url } });
    expect(answer.status).toBe(303);
    const { body } = await server.api('/api/careers-applications?where[email][equals]=amal.pg%40example.com&depth=0', {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    const [stored] = body.docs;
    const { rows } = await server.ctx.db.query<{ attached_to: number }>('SELECT attached_to FROM documents WHERE id = $1', [stored.cv]);
    expect(rows[0].attached_to).toBe(stored.id);
    const thanks = await fetch(`${server.url}${answer.headers.get('location')}`);
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain(`>${stored.reference}</strong>`);
  });
});
