// The embedded database's prepared statements (src/server/core/db/pglite-statements.ts) answer as PGlite's
// own query() did, keep transactions whole, and stay correct past the number of statements they keep.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/server/core/db/db.ts';
import { newDataDir } from '../support/server.ts';

let dataDir: string;
let db: Db;
beforeAll(async () => {
  dataDir = await newDataDir();
  db = await openDb({ databaseUrl: null, dataDir });
  await db.query(
    'CREATE TABLE visits (id serial PRIMARY KEY, guest text NOT NULL UNIQUE, answers jsonb, tags int[], happy boolean, at timestamptz DEFAULT now())',
  );
});
afterAll(async () => {
  await db?.close();
  if (dataDir) fs.rmSync(path.resolve(dataDir), { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('writes and reads values with their types: text, JSON, integer lists, yes/no, nothing, time', async () => {
    const { rows, rowCount } = await db.query('INSERT INTO visits (guest, answers, tags, happy) VALUES ($1, $2::jsonb, $3::int[], $4) RETURNING *', [
      'Layla',
      JSON.stringify({ food: 'good', stars: 5 }),
      [1, 2, 3],
      true,
    ]);
    expect(rowCount).toBe(1);
    expect(rows[0]).toMatchObject({ guest: 'Layla', answers: { food: 'good', stars: 5 }, tags: [1, 2, 3], happy: true });
    expect(rows[0].at).toBeInstanceOf(Date);
    const { rows: none } = await db.query('SELECT happy, answers FROM visits WHERE guest = $1 AND happy IS NOT DISTINCT FROM $2', ['Layla', true]);
    expect(none).toEqual([{ happy: true, answers: { food: 'good', stars: 5 } }]);
    expect((await db.query('UPDATE visits SET happy = $1 WHERE guest = $2', [null, 'Layla'])).rowCount).toBe(1);
    expect((await db.query('SELECT happy FROM visits WHERE guest = $1', ['Layla'])).rows[0].happy).toBeNull();
  });

  it('a failed statement names its constraint, as the create path needs to tell a taken answer', async () => {
    await db.query('INSERT INTO visits (guest) VALUES ($1)', ['Omar']);
    await expect(db.query('INSERT INTO visits (guest) VALUES ($1)', ['Omar'])).rejects.toMatchObject({ code: '23505', constraint: 'visits_guest_key' });
    // The statement that failed is still usable afterwards.
    expect((await db.query('INSERT INTO visits (guest) VALUES ($1)', ['Nadia'])).rowCount).toBe(1);
  });

  it('a transaction that throws leaves nothing behind, also when its first statement fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO visits (guest) VALUES ($1)', ['Rania']);
        throw new Error('the answers were refused');
      }),
    ).rejects.toThrow('the answers were refused');
    await expect(db.transaction((tx) => tx.query('INSERT INTO visits (guest) VALUES ($1)', ['Omar']))).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT count(*)::int AS n FROM visits WHERE guest = $1', ['Rania'])).rows[0].n).toBe(0);
    // The connection is out of the failed transactions: a new one commits.
    await db.transaction((tx) => tx.query('INSERT INTO visits (guest) VALUES ($1)', ['Rania']));
    expect((await db.query('SELECT count(*)::int AS n FROM visits WHERE guest = $1', ['Rania'])).rows[0].n).toBe(1);
  });

  it('a transaction whose failed statement was caught inside is rolled back, not half committed', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO visits (guest) VALUES ($1)', ['Karim']);
        await tx.query('INSERT INTO visits (guest) VALUES ($1)', ['Omar']).catch(() => undefined);
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.query('SELECT count(*)::int AS n FROM visits WHERE guest = $1', ['Karim'])).rows[0].n).toBe(0);
  });

  it('more different statements than it keeps prepared still answer right, the first ones again too', async () => {
    const sum = (offset: number) => db.query<{ total: number }>(`SELECT $1::int + ${offset} AS total`, [offset]);
    for (let offset = 0; offset < 520; offset++) expect((await sum(offset)).rows[0].total).toBe(2 * offset);
    for (let offset = 0; offset < 5; offset++) expect((await sum(offset)).rows[0].total).toBe(2 * offset);
  });
});
