// An employee redeems a perk once a week when the restaurant's staff type the partner's
// confirmation code; the code never leaves the server except to editors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { dohaWeekKey } from '../../src/server/features/perks/week-key.ts';

let server: TestServer;
let employee: string;
let otherEmployee: string;
let codes: Record<string, string>;

async function tokenOf(email: string, password: string): Promise<string> {
  return (await server.api('/api/users/login', { as: 'none', json: { email, password } })).body.token;
}
const as = (token: string) => ({ as: 'none' as const, headers: { authorization: `JWT ${token}` } });

beforeAll(async () => {
  server = await startTestServer();
  await saveStaffUser(server.ctx.db, 'employee@example.com', 'employee password', 'employee');
  await saveStaffUser(server.ctx.db, 'employee2@example.com', 'employee password', 'employee');
  employee = await tokenOf('employee@example.com', 'employee password');
  otherEmployee = await tokenOf('employee2@example.com', 'employee password');
  const list = await server.api('/api/perk-codes', { as: 'staff' });
  codes = Object.fromEntries(list.body.docs.map((doc: { perk: string; code: string }) => [doc.perk, doc.code]));
});
afterAll(() => server?.close());

describe('perk confirmation codes', () => {
  it('every perk partner has its own random code of 10 unambiguous characters', () => {
    expect(Object.keys(codes).sort()).toEqual(expect.arrayContaining(['cova', 'crazy-pizza', 'twiga']));
    for (const code of Object.values(codes)) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(new Set(Object.values(codes)).size).toBe(Object.keys(codes).length);
  });

  it('only editors (and admins) read them: never the public key, an employee or a viewer', async () => {
    expect((await server.api('/api/perk-codes', { as: 'public' })).status).toBe(403);
    expect((await server.api('/api/perk-codes', as(employee))).status).toBe(403);
    const answers = [
      await server.api('/api/perks?limit=100', { as: 'public' }),
      await server.api('/api/perks?limit=100&depth=2', { as: 'staff' }),
      await server.api('/api/perk-redemptions/mine', as(employee)),
      await server.api('/api/users/me', as(employee)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      for (const code of Object.values(codes)) expect(JSON.stringify(answer.body)).not.toContain(code);
    }
  });
});

describe('redeeming a perk', () => {
  it('needs a signed-in user: the public key and no credential are refused', async () => {
    expect((await server.api('/api/perk-redemptions', { as: 'public', json: { perk: 'cova', code: codes.cova } })).status).toBe(403);
    expect((await server.api('/api/perk-redemptions', { as: 'none', json: { perk: 'cova', code: codes.cova } })).status).toBe(403);
  });

  it('a cookie sent from another site does not count (CSRF)', async () => {
    const answer = await server.api('/api/perk-redemptions', {
      as: 'none',
      headers: { cookie: `payload-token=${employee}`, origin: 'https://evil.example' },
      json: { perk: 'cova', code: codes.cova },
    });
    expect(answer.status).toBe(403);
  });

  it('a wrong code is refused with a message naming the code; a missing field is named', async () => {
    const wrong = await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova', code: 'ABCDEFGHJK' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].data.errors[0]).toMatchObject({ path: 'code', message: 'Invalid code. Please try again.' });
    const missing = await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].data.errors[0].path).toBe('code');
    const unknown = await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'no-such-place', code: codes.cova } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].data.errors[0].path).toBe('perk');
    expect((await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: { $ne: 1 }, code: ['x'] } })).status).toBe(400);
    // Another partner's code is not this one's.
    expect((await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova', code: codes.twiga } })).status).toBe(400);
  });

  it('the right code (typed in lower case with a space) redeems; a second time the same week answers 409', async () => {
    const typed = `${codes.cova.slice(0, 5).toLowerCase()} ${codes.cova.slice(5)}`;
    const first = await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova', code: typed } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: 'Successfully redeemed!', doc: { perk: 'cova', weekKey: dohaWeekKey(new Date()) } });
    const again = await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova', code: codes.cova } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe('Already redeemed this week');
    // Another partner, and another employee at the same partner, are separate.
    expect((await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'twiga', code: codes.twiga } })).status).toBe(201);
    expect((await server.api('/api/perk-redemptions', { ...as(otherEmployee), json: { perk: 'cova', code: codes.cova } })).status).toBe(201);
    const mine = await server.api('/api/perk-redemptions/mine', as(employee));
    expect(mine.body).toMatchObject({ user: { email: 'employee@example.com' }, weekKey: dohaWeekKey(new Date()) });
    expect(mine.body.docs.map((doc: { perk: string }) => doc.perk).sort()).toEqual(['cova', 'twiga']);
  });

  it('two taps at once make one redemption', async () => {
    const both = await Promise.all([1, 2].map(() => server.api('/api/perk-redemptions', { ...as(otherEmployee), json: { perk: 'twiga', code: codes.twiga } })));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('next week the same perk can be redeemed again', async () => {
    // Last week's redemption, as if made seven days ago.
    const lastWeek = dohaWeekKey(new Date(Date.now() - 7 * 24 * 3600 * 1000));
    await server.ctx.db.query(
      "UPDATE perk_redemptions SET week_key = $1 WHERE perk = 'cova' AND user_id = (SELECT id FROM users WHERE email = 'employee@example.com')",
      [lastWeek],
    );
    expect((await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'cova', code: codes.cova } })).status).toBe(201);
  });

  it('after 5 wrong codes in 10 minutes the employee must wait (429), even with the right code', async () => {
    await saveStaffUser(server.ctx.db, 'guesser@example.com', 'guesser password', 'employee');
    const guesser = await tokenOf('guesser@example.com', 'guesser password');
    for (let i = 0; i < 5; i += 1)
      expect((await server.api('/api/perk-redemptions', { ...as(guesser), json: { perk: 'cova', code: `WRONG${i}CODE` } })).status).toBe(400);
    const blocked = await server.api('/api/perk-redemptions', { ...as(guesser), json: { perk: 'cova', code: codes.cova } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Others are not slowed.
    expect((await server.api('/api/perk-redemptions', { ...as(employee), json: { perk: 'crazy-pizza', code: codes['crazy-pizza'] } })).status).toBe(201);
  });

  it('staff who read submissions list the redemptions with the employee’s email; employees cannot', async () => {
    const list = await server.api(`/api/perk-redemptions?limit=50&week=${dohaWeekKey(new Date())}`, { as: 'staff' });
    expect(list.status).toBe(200);
    expect(list.body.docs.length).toBeGreaterThanOrEqual(4);
    expect(list.body.docs[0].user.email).toMatch(/@example\.com$/);
    for (const code of Object.values(codes)) expect(JSON.stringify(list.body)).not.toContain(code);
    expect((await server.api('/api/perk-redemptions', as(employee))).status).toBe(403);
    expect((await server.api('/api/perk-redemptions?week=last', { as: 'staff' })).status).toBe(400);
  });

  it('an editor renews a leaked code: the old one stops working', async () => {
    const renewed = await server.api('/api/perk-codes/pierre-herme/renew', { as: 'staff', method: 'POST' });
    expect(renewed.status).toBe(200);
    expect(renewed.body.doc.code).not.toBe(codes['pierre-herme']);
    expect((await server.api('/api/perk-redemptions', { ...as(otherEmployee), json: { perk: 'pierre-herme', code: codes['pierre-herme'] } })).status).toBe(400);
    expect((await server.api('/api/perk-redemptions', { ...as(otherEmployee), json: { perk: 'pierre-herme', code: renewed.body.doc.code } })).status).toBe(201);
    expect((await server.api('/api/perk-codes/nowhere/renew', { as: 'staff', method: 'POST' })).status).toBe(404);
  });
});
