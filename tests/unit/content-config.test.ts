// content/collections.json is checked against its schema (src/engine/contract/content-config.ts):
// at the server's start, and by forms:check, each naming the file and the place of the mistake.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContentConfig } from '../../src/server/core/content-config.ts';
import { checkAgainstSchema } from '../../scripts/lib/check.ts';

const real = JSON.parse(readFileSync('content/collections.json', 'utf8')) as { collections: Record<string, unknown>[] };
const wrongRead = { ...real, collections: real.collections.map((item, i) => (i === 1 ? { ...item, read: 'everyone' } : item)) };
const dir = mkdtempSync(path.join(os.tmpdir(), 'content-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('content/collections.json', () => {
  it('as it is in the project, loads with every collection and global', () => {
    const config = loadContentConfig('content');
    expect(config.collections.map((item) => item.slug)).toEqual(real.collections.map((item) => item.slug));
    expect(config.globals.length).toBeGreaterThan(0);
  });

  it('with a mistake, stops the start naming the file and the place', () => {
    writeFileSync(path.join(dir, 'collections.json'), JSON.stringify(wrongRead));
    expect(() => loadContentConfig(dir)).toThrow(`${path.join(dir, 'collections.json')}: $.collections[1].read`);
    writeFileSync(path.join(dir, 'collections.json'), JSON.stringify({ ...real, collections: [{ ...real.collections[0], fields: { name: 'words' } }] }));
    expect(() => loadContentConfig(dir)).toThrow('$.collections[0].fields.name');
  });

  it('with a mistake, fails forms:check at the same place', () => {
    expect(checkAgainstSchema('content/collections.json', real, 'content/collections.schema.json')).toEqual([]);
    const problems = checkAgainstSchema('content/collections.json', wrongRead, 'content/collections.schema.json');
    expect(problems.map((problem) => problem.path)).toContain('$.collections[1].read');
    expect(problems.every((problem) => problem.file === 'content/collections.json')).toBe(true);
  });
});
