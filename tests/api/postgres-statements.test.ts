// DATABASE_URL: each SQL text runs as a named prepared statement, and a `where` can be written in
// endless shapes (a list of every length, and/or of lists...), each a new text. Named statements
// stay bounded, in each pooled PostgreSQL connection and in Node, however many shapes arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS } from '../../src/server/core/db/postgres-statements.ts';
import type { StatementStats } from '../../src/server/core/db/db.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';

const SHAPES = 5_000;
const BATCH = 20;

/** Shape n of SHAPES: `or` of a slug list and a name list of lengths no other shape has; only pierre-herme matches. */
function shape(n: number): string {
  const slugs = ['pierre-herme', ...Array.from({ length: n % 100 }, (_, i) => `no-slug-${i}`)];
  const names = Array.from({ length: 1 + Math.floor(n / 100) }, (_, i) => `no-name-${i}`);
  return `/api/restaurants?where[or][0][slug][in]=${slugs.join(',')}&where[or][1][name][in]=${names.join(',')}`;
}

describe('prepared statements on PostgreSQL stay bounded', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  const stats = () => server.ctx.db.statementStats!();
  const most = (all: StatementStats[], key: keyof StatementStats) => Math.max(...all.map((connection) => connection[key]));

  beforeAll(async () => {
    cluster = await startPostgres();
    server = await startTestServer({ databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
  });

  it(`${SHAPES.toLocaleString('en')} distinct where shapes: answered right, at most ${MAX_STATEMENTS} statements per connection`, async () => {
    const started = performance.now();
    for (let first = 0; first < SHAPES; first += BATCH) {
      const answers = await Promise.all(Array.from({ length: Math.min(BATCH, SHAPES - first) }, (_, i) => server.api(shape(first + i))));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.docs.map((doc: { slug: string }) => doc.slug)).toEqual(['pierre-herme']);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await stats();
    console.log(
      `${SHAPES} shapes in ${seconds.toFixed(1)} s over ${after.length} connections; prepared per connection: ${after.map((connection) => connection.prepared).join(', ')}; ` +
        `named: ${after.map((connection) => connection.named).join(', ')}; node-postgres: ${after.map((connection) => connection.driver).join(', ')}`,
    );
    expect(after.length).toBeGreaterThan(1);
    expect(most(after, 'prepared')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(most(after, 'named')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(most(after, 'driver')).toBeLessThanOrEqual(MAX_STATEMENTS);
    // What a connection holds is what the server's code names on it: nothing forgotten on either side.
    for (const connection of after) expect(connection.prepared).toBe(connection.named);

    // The first shapes were evicted long ago: prepared again, answered the same.
    for (let n = 0; n < 20; n++) expect((await server.api(shape(n))).body.docs.map((doc: { slug: string }) => doc.slug)).toEqual(['pierre-herme']);
  }, 180_000);

  it('a text too long to keep runs unnamed: answered right, nothing more held', async () => {
    const before = await stats();
    const slugs = ['pierre-herme', ...Array.from({ length: 1_000 }, (_, i) => `long-list-${i}`)];
    const answer = await server.api(`/api/restaurants?where[slug][in]=${slugs.join(',')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.docs.map((doc: { slug: string }) => doc.slug)).toEqual(['pierre-herme']);
    const after = await stats();
    const total = (all: StatementStats[]) => all.reduce((sum, connection) => sum + connection.prepared, 0);
    expect(total(after)).toBeLessThanOrEqual(total(before));
  });

  it('a transaction of many texts deallocates what it dropped once it ends', async () => {
    const { db } = server.ctx;
    const texts = MAX_STATEMENTS + 50;
    const sums = await db.transaction(async (tx) => {
      const answers: number[] = [];
      for (let n = 0; n < texts; n++) answers.push((await tx.query<{ sum: number }>(`SELECT $1::int + ${n} AS sum`, [1])).rows[0].sum);
      return answers;
    });
    expect(sums).toEqual(Array.from({ length: texts }, (_, n) => n + 1));
    const after = await stats();
    expect(most(after, 'prepared')).toBeLessThanOrEqual(MAX_STATEMENTS);
    for (const connection of after) expect(connection.prepared).toBe(connection.named);
  });

  it('a text PostgreSQL refuses to parse, dropped later, harms nothing', async () => {
    const { db } = server.ctx;
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    for (let n = 0; n < MAX_STATEMENTS + 50; n++)
      expect((await db.query<{ n: number }>(`SELECT ${n}::int AS n WHERE $1::boolean`, [true])).rows).toEqual([{ n }]);
    const after = await stats();
    expect(most(after, 'prepared')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(most(after, 'named')).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
