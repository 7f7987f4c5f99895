// The attraction waivers on the real compiled forms: a reference instead of a readable id,
// liability evidence, a required drawn signature, and the signature shown to staff as an SVG the
// server draws (the old system read waivers back by sequential id and injected the stored SVG).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { canonicalJson } from '../../src/server/core/forms/evidence.ts';
import { countOf, errorPaths, IFLY, REFERENCE, SIGNATURE, waiverAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sign = (answers: Record<string, unknown>, query = '') => server.api(`/api/${IFLY}${query}`, { json: JSON.parse(JSON.stringify(answers)) });
const storedRow = async (id: number) => (await server.ctx.db.query('SELECT * FROM documents WHERE id = $1', [id])).rows[0];

describe('a guest signs the iFly waiver for themselves and two children', () => {
  it('is given a reference to keep, and the waiver is stored with its liability evidence', async () => {
    const answers = waiverAnswers();
    const created = await sign(answers, '?locale=ar');
    expect(created.status).toBe(201);
    const { doc } = created.body;
    expect(doc.reference).toMatch(REFERENCE);
    expect(doc.dependents).toEqual(answers.dependents);
    const compiled = server.ctx.registry.collections.get(IFLY)!.form!.compiled;
    expect(doc.evidence).toEqual({
      formId: 'ifly-waiver',
      formVersion: compiled.version,
      // sha256 of the whole definition, terms text in every language included
      formHash: compiled.hash,
      language: 'ar',
      answersSha256: createHash('sha256').update(canonicalJson(answers)).digest('hex'),
      recordedAt: doc.createdAt,
      // What e-signature practice expects beside it (tests/api/form-versions.test.ts checks each).
      receivedAt: expect.any(String),
      ip: '127.0.0.1',
      userAgent: expect.any(String),
      consentText: expect.stringMatching(/^بإرسال هذا النموذج/),
      termsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const row = await storedRow(doc.id);
    expect(row.reference).toBe(doc.reference);
    expect(row.evidence).toMatchObject({ formHash: compiled.hash, language: 'ar' });
  });

  it('cannot be read back with the public key, by id, list or reference; staff can', async () => {
    const { doc } = (await sign(waiverAnswers())).body;
    for (const pathname of [`/api/${IFLY}/${doc.id}`, `/api/${IFLY}`, `/api/${IFLY}?where[reference][equals]=${doc.reference}`, `/api/${IFLY}/count`]) {
      expect((await server.api(pathname)).status, pathname).toBe(403);
    }
    expect((await server.api(`/api/${IFLY}/${doc.id}`, { as: 'staff' })).body).toMatchObject({ id: doc.id, reference: doc.reference, name: 'Noor Saleh' });
    const found = await server.api(`/api/${IFLY}?where[reference][equals]=${doc.reference}`, { as: 'staff' });
    expect(found.body.docs.map((item: { id: number }) => item.id)).toEqual([doc.id]);
  });

  const unsigned: [string, unknown][] = [
    ['no signature at all', undefined],
    ['an empty drawing', { strokes: [], aspect: 3 }],
    ['a stroke without points', { strokes: [[]], aspect: 3 }],
    ['text instead of a drawing', '<svg onload="alert(1)"></svg>'],
  ];
  for (const [what, signature] of unsigned) {
    it(`is refused with ${what}, naming the signature, and nothing is stored`, async () => {
      const before = await countOf(server, IFLY);
      const answer = await sign(waiverAnswers({ signature }));
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toEqual(['signature']);
      expect(answer.body.errors[0].message).toBe('The following field is invalid: Signature');
      expect(await countOf(server, IFLY)).toBe(before);
    });
  }

  it("is refused when a child's name is missing, naming that child's row", async () => {
    const before = await countOf(server, IFLY);
    const [lina, omar] = waiverAnswers().dependents as Record<string, unknown>[];
    const { name: _name, ...nameless } = lina;
    const answer = await sign(waiverAnswers({ dependents: [nameless, omar] }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['dependents.0.name']);
    expect(answer.body.errors[0].data.errors[0].label).toMatch(/1 > /);
    expect(await countOf(server, IFLY)).toBe(before);
  });
});

/** The points of every path in the SVG: "M x y L x y ..." (a dot is "M x y l0 0"). */
function pathPoints(svg: string): number[][][] {
  return [...svg.matchAll(/<path d="([^"]*)"\/>/g)].map((match) =>
    [...match[1].matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((point) => [Number(point[1]), Number(point[2])]),
  );
}

describe('staff look at a signature', () => {
  const svgOf = (id: number | string, file = 'signature.svg', as: 'staff' | 'public' | 'none' = 'staff') =>
    server.api(`/api/${IFLY}/${id}/signature/${file}`, { as });

  it('as an SVG the server draws from the strokes, sized from the pad, served so it cannot run anything', async () => {
    const { doc } = (await sign(waiverAnswers())).body;
    const answer = await svgOf(doc.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = answer.body as string;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 900 300"/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
    const expected = SIGNATURE.strokes.map((stroke) => stroke.map(([x, y]) => [x * 900, y * 300]));
    const drawn = pathPoints(svg);
    expect(drawn).toHaveLength(expected.length);
    drawn.forEach((stroke, index) => stroke.forEach((point, at) => point.forEach((value, axis) => expect(value).toBeCloseTo(expected[index][at][axis], 1))));
    // The guest's reference finds it too: it is what they quote to the front desk.
    expect((await svgOf(doc.reference.toLowerCase())).body).toBe(svg);
  });

  it('never copies text from the stored answer into the drawing', async () => {
    // Written straight into the database, as a bad import or an older page might have.
    const hostile = {
      strokes: [
        [
          ['<script>alert(1)</script>', 0.5],
          [0.2, 0.3],
        ],
        '"/><script>x</script>',
        [[0.5, 0.5]],
      ],
      aspect: '"><script>',
    };
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `INSERT INTO documents (collection, data, form_version, reference) VALUES ($1, $2::jsonb, 1, 'HOST-1LEX-00') RETURNING id`,
      [IFLY, JSON.stringify(waiverAnswers({ signature: hostile }))],
    );
    const svg = (await svgOf(rows[0].id)).body as string;
    expect(svg).not.toContain('script');
    expect(pathPoints(svg)).toEqual([[[180, 90]], [[450, 150]]]);
  });

  it('is refused to the public key and to callers without a key', async () => {
    const { doc } = (await sign(waiverAnswers())).body;
    for (const as of ['public', 'none'] as const) {
      const answer = await svgOf(doc.id, 'signature.svg', as);
      expect(answer.status, as).toBe(403);
      expect(String(answer.body)).not.toContain('<svg');
    }
  });

  it('is not found for a field that is not a signature, a missing waiver or another collection', async () => {
    const { doc } = (await sign(waiverAnswers())).body;
    expect((await svgOf(doc.id, 'name.svg')).status).toBe(404);
    expect((await svgOf(doc.id, 'nothing.svg')).status).toBe(404);
    expect((await svgOf(doc.id, 'signature.png')).status).toBe(404);
    expect((await svgOf(999999)).status).toBe(404);
    expect((await svgOf('ZZZZ-ZZZZ-ZZ')).status).toBe(404);
    expect((await server.api(`/api/restaurants/1/signature/signature.svg`, { as: 'staff' })).status).toBe(404);
  });
});
