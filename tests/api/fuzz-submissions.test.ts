// Property-based fuzzing of every create endpoint with fast-check, generated from the compiled
// schemas: thousands of invalid submissions (wrong types, missing and oversize answers, unknown,
// empty and prototype keys, deep nesting, huge lists, lone surrogates, null characters, broken
// UTF-8, duplicate keys, wrong content types) must each get a bounded 4xx naming the answer and
// store nothing; generated valid ones must get a 201 and be stored exactly as sent.
// Fixed seed and run counts: the same cases on every run, a few seconds on two cores.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedForm } from '../../src/server/core/forms/compiled-forms.ts';
import { validateSubmission } from '../../src/server/core/forms/validation.ts';
import { dataFields } from '../../src/engine/checks/conditions.ts';
import { normalizePhones } from '../../src/engine/checks/phones.ts';
import { PUBLIC_KEY, startTestServer, type TestServer } from '../support/server.ts';
import * as samples from './samples.ts';

const SEED = 20_260_509;
const INVALID_RUNS_PER_FORM = 300;
const VALID_CANDIDATES_PER_FORM = 120;
const MAX_ERROR_BODY = 32 * 1024;

type Schema = Record<string, unknown>;
type Answers = Record<string, unknown>;

let server: TestServer;
/** Keys every stored document has besides its answers. */
const STORED_KEYS = new Set(['source', 'id', 'createdAt', 'updatedAt', 'reference', 'formVersion', 'formHash', 'evidence', 'followUp']);
const stats = { invalidTried: 0, invalidStored: 0, validTried: 0, validStored: 0, fiveHundreds: 0 };

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 1_000_000 });
});
afterAll(async () => {
  console.log(
    `fuzz: ${stats.invalidTried} invalid tried, ${stats.invalidStored} stored; ${stats.validTried} valid tried, ${stats.validStored} stored exactly; ${stats.fiveHundreds} 5xx`,
  );
  await server?.close();
});

const todayDefaulted = (form: LoadedForm, name: string) =>
  dataFields(form.compiled.form).some((field) => field.name === name && field.type === 'hidden' && 'today' in field.source);
const forms = () => server.ctx.registry.forms;
const propertiesOf = (form: LoadedForm) => form.compiled.schema.properties as Record<string, Schema>;

/** A valid-looking base per form: the samples the other tests use, or the form's required answers. */
async function baseAnswers(form: LoadedForm): Promise<Answers> {
  switch (form.compiled.id) {
    case 'dining-survey':
      return samples.diningAnswers();
    case 'employee-survey':
      return samples.employeeAnswers();
    case 'ifly-waiver':
      return samples.waiverAnswers();
    case 'laser-oasis-waiver':
      return samples.laserWaiverAnswers();
    case 'ski-waiver':
      return samples.skiWaiverAnswers();
    case 'padel-survey':
      return samples.padelAnswers();
    case 'retail-survey':
      return samples.retailAnswers(9);
    case 'satisfaction-survey':
      return samples.satisfactionAnswers();
    case 'loyalty-registration':
      return {
        visit_date: '2024-01-01',
        store: 1,
        first_name: 'Amal',
        last_name: 'Haddad',
        phone: '+97455501234',
        email: 'a@example.com',
        nationality: 'Qatar',
        birth_date: '1990-04-12',
        receipt: 1,
      };
    case 'whistle-blower':
      return { incident_or_concern: 'Something happened.', acknowledgement: true };
    default: {
      // Reference answers come from the first document of the referenced collection.
      const answers: Answers = {};
      for (const reference of form.compiled.references) {
        const { body } = await server.api(`/api/${reference.collection}?limit=1`, { as: 'staff' });
        answers[reference.field] = body.docs[0]?.[reference.match];
      }
      const required = form.compiled.schema.required as string[];
      for (const name of required) answers[name] ??= fc.sample(valueOf(propertiesOf(form)[name]), { seed: SEED, numRuns: 1 })[0];
      return answers;
    }
  }
}

/** Values a schema accepts (mostly: the server's own check is the judge of valid candidates). */
function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date')
        return fc.date({ min: new Date('1930-01-01'), max: new Date(), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.emailAddress();
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ unit: 'grapheme', minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 40), 40) });
    case 'integer':
      return fc.integer({ min, max });
    case 'number':
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items as Schema | undefined;
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...(schema.prefixItems as Schema[]).map(valueOf));
      const size = { minLength: Number(schema.minItems ?? 0), maxLength: Math.min(Number(schema.maxItems ?? 3), 3) };
      if (items && Array.isArray(items.enum)) return fc.uniqueArray(fc.constantFrom(...items.enum), size);
      return fc.array(valueOf(items ?? {}), size);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, valueOf(child)])), {
        requiredKeys: (schema.required ?? []) as string[],
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of any JSON type but the schema's own. */
function wrongTypeOf(schema: Schema): fc.Arbitrary<unknown> {
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 10 }),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.integer(), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  };
  const own = schema.type === 'integer' ? 'number' : String(schema.type);
  return fc.oneof(
    ...Object.entries(byType)
      .filter(([type]) => type !== own)
      .map(([, arbitrary]) => arbitrary),
  );
}

interface BadRequest {
  kind: string;
  body: Uint8Array | string;
  contentType?: string;
  /** Whether the answer must name fields (a broken transport has no field to name). */
  fieldLevel: boolean;
}

const json = (answers: Answers) => JSON.stringify(answers);
/** Splices raw JSON text (what JSON.stringify cannot write) in as the value of `name`. */
const withRaw = (answers: Answers, name: string, raw: string) => json({ ...answers, [name]: '__RAW__' }).replace('"__RAW__"', raw);

function invalidRequests(form: LoadedForm, base: Answers): fc.Arbitrary<BadRequest> {
  const properties = propertiesOf(form);
  const names = Object.keys(properties);
  // A hidden "today" answer left out is filled by the server (a registration without visit_date is from today).
  const required = (form.compiled.schema.required as string[]).filter((name) => !todayDefaulted(form, name));
  const strings = names.filter((name) => properties[name].type === 'string');
  const bounded = names.filter((name) => typeof properties[name].maxLength === 'number');
  const lists = names.filter((name) => properties[name].type === 'array');
  const field = (kind: string, list: string[], make: (name: string) => fc.Arbitrary<BadRequest>) =>
    list.length ? fc.constantFrom(...list).chain(make) : fc.constant<BadRequest>({ kind, body: json({ ...base, '': 1 }), fieldLevel: true });
  return fc.oneof(
    field('wrong type', names, (name) =>
      wrongTypeOf(properties[name]).map((value) => ({ kind: 'wrong type', body: json({ ...base, [name]: value }), fieldLevel: true })),
    ),
    field('missing', required, (name) =>
      fc.constant({ kind: 'missing', body: json(Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))), fieldLevel: true }),
    ),
    field('oversize', bounded, (name) =>
      fc
        .integer({ min: 1, max: 20_000 })
        .map((extra) => ({ kind: 'oversize', body: json({ ...base, [name]: 'x'.repeat(Number(properties[name].maxLength) + extra) }), fieldLevel: true })),
    ),
    fc
      .tuple(
        fc
          .oneof(fc.constantFrom('', '__proto__', 'constructor', 'prototype', 'toString', ' '), fc.string({ maxLength: 20 }))
          .filter((key) => !names.includes(key)),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([key, value]) => ({
        kind: 'unknown key',
        body: `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},${json(base).slice(1)}`,
        fieldLevel: true,
      })),
    fc.tuple(fc.constantFrom(...names), fc.integer({ min: 21, max: 20_000 }), fc.boolean()).map(([name, depth, arrays]) => ({
      kind: 'deep nesting',
      body: withRaw(base, name, arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      fieldLevel: true,
    })),
    field('huge list', lists, (name) =>
      fc.integer({ min: Number(properties[name].maxItems) + 1, max: 60_000 }).map((length) => {
        const items = properties[name].items as Schema;
        const item = Array.isArray(items?.enum) ? items.enum[0] : 1;
        return { kind: 'huge list', body: json({ ...base, [name]: Array(length).fill(item) }), fieldLevel: true };
      }),
    ),
    field('unstorable text', strings, (name) =>
      fc
        .constantFrom('"\\ud800"', '"a\\udc00b"', '"\\u0000"', '"x\\u0000y"', '"\\udbff\\udbff"')
        .map((raw) => ({ kind: 'unstorable text', body: withRaw(base, name, raw), fieldLevel: true })),
    ),
    field('invalid UTF-8', strings, (name) =>
      fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf]).map((bytes) => {
        const [before, after] = withRaw(base, name, '"@@"').split('@@');
        return { kind: 'invalid UTF-8', body: new Uint8Array(Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)])), fieldLevel: false };
      }),
    ),
    fc.constantFrom(...names).map((name) => ({
      kind: 'duplicate key',
      body: `${json(base).slice(0, -1)},${JSON.stringify(name)}:${JSON.stringify(base[name] ?? null)}}`,
      fieldLevel: true,
    })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json-patch+json', '')
      .map((contentType) => ({ kind: 'wrong content type', body: json(base), contentType, fieldLevel: false })),
  );
}

async function send(form: LoadedForm, body: Uint8Array | string, contentType = 'application/json', proof = 'not-a-proof') {
  const headers: Record<string, string> = { authorization: `users API-Key ${PUBLIC_KEY}`, 'x-captcha-proof': proof };
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(`${server.url}/api/${form.compiled.collection}`, { method: 'POST', headers, body: body as BodyInit });
  const text = await response.text();
  if (response.status >= 500) stats.fiveHundreds++;
  return { status: response.status, text };
}

async function countAll(): Promise<number> {
  let total = 0;
  for (const form of forms()) total += await samples.countOf(server, form.compiled.collection);
  return total;
}

describe('fuzzing every create endpoint', () => {
  it('invalid submissions: each a bounded 4xx naming the answer, none stored, no 5xx', async () => {
    const before = await countAll();
    for (const form of forms()) {
      const base = await baseAnswers(form);
      await fc.assert(
        fc.asyncProperty(invalidRequests(form, base), async (bad) => {
          stats.invalidTried++;
          const answer = await send(form, bad.body, bad.contentType);
          expect(answer.status, `${form.compiled.id} ${bad.kind}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${form.compiled.id} ${bad.kind}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
          expect(answer.text.length).toBeLessThan(MAX_ERROR_BODY);
          const body = JSON.parse(answer.text);
          expect(body.errors[0].message).toEqual(expect.any(String));
          if (bad.fieldLevel && answer.status === 400) {
            const fields = body.errors[0].data.errors as { path: string; message: string }[];
            expect(fields.length).toBeGreaterThan(0);
            for (const error of fields) {
              expect(error.path).toEqual(expect.any(String));
              expect(error.message.length).toBeGreaterThan(0);
            }
          }
        }),
        { seed: SEED, numRuns: INVALID_RUNS_PER_FORM, endOnFailure: true },
      );
    }
    stats.invalidStored = (await countAll()) - before;
    expect(stats.invalidStored).toBe(0);
    expect(stats.fiveHundreds).toBe(0);
  }, 240_000);

  it('generated valid submissions: each a 201, stored exactly as sent', async () => {
    for (const form of forms()) {
      // Files, unique phones and a signed link's token (the recovery survey's `case`): covered by their own tests.
      if (form.compiled.uploads.length || form.compiled.id === 'loyalty-registration' || form.compiled.id === 'recovery-survey') continue;
      const base = await baseAnswers(form);
      // Answers an age or fitness rule reads (a random date of birth is rarely a guardian's) keep the sample's valid values.
      const fixed = new Set([
        ...form.compiled.references.map((r) => r.field),
        ...form.compiled.unique.flatMap((u) => u.fields),
        ...(form.compiled.form.rules ?? []).map((rule) => rule.field.split('.')[0]),
      ]);
      // A phone's schema only bounds its length; libphonenumber-js decides, so candidates are numbers in the writings clients use.
      const phones = new Set(
        dataFields(form.compiled.form)
          .filter((field) => field.type === 'phone')
          .map((field) => field.name),
      );
      const optional = Object.fromEntries(
        Object.entries(propertiesOf(form))
          .filter(([name]) => !fixed.has(name))
          .map(([name, schema]) => [
            name,
            phones.has(name) ? fc.constantFrom('+97455501234', '97433221100', '+4407911123456', '+33612345678') : valueOf(schema),
          ]),
      );
      const candidates = fc.sample(fc.record(optional, { requiredKeys: [] }), { seed: SEED, numRuns: VALID_CANDIDATES_PER_FORM });
      let stored = 0;
      for (const overrides of candidates) {
        const answers = JSON.parse(
          json({ ...base, ...overrides, ...(form.compiled.id === 'employee-survey' ? { anonymous_id: `anon-${Math.random()}` } : {}) }),
        ) as Answers;
        if (validateSubmission(form, answers, 'en').length) continue; // the server's own rules decide which candidates are valid
        stats.validTried++;
        const proof = form.compiled.captcha ? await samples.proofFor(server, form.compiled.captcha.action) : undefined;
        const answer = await send(form, json(answers), 'application/json', proof);
        expect(answer.status, `${form.compiled.id}: ${answer.text.slice(0, 300)}`).toBe(201);
        const { id } = JSON.parse(answer.text).doc;
        // Read by staff who may read every form (whistle-blower reports are compliance's only).
        const read = await server.api(`/api/${form.compiled.collection}/${id}?depth=0`, { as: 'none', headers: await server.staffAs(['admin', 'compliance']) });
        const expected = structuredClone(answers);
        normalizePhones(form.compiled.form, expected); // stored in one writing, E.164
        for (const [name, value] of Object.entries(expected)) expect(read.body[name], `${form.compiled.id}.${name}`).toEqual(value);
        // Nothing stored beside what was sent, but the document's own keys and the values the server derives.
        const derived = new Set(form.compiled.derived.map((rule) => rule.field));
        const extra = Object.keys(read.body).filter((key) => !(key in expected) && !STORED_KEYS.has(key) && !derived.has(key));
        expect(extra, `${form.compiled.id}: keys stored that were not sent`).toEqual([]);
        stored++;
        stats.validStored++;
      }
      expect(stored, `${form.compiled.id}: valid candidates`).toBeGreaterThan(0);
    }
    expect(stats.validStored).toBe(stats.validTried);
  }, 240_000);
});
