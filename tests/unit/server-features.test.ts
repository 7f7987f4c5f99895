// The server's feature table (src/server/features/index.ts): every feature folder is in it, and the
// schema migrations of core and of every feature have one id each, so none is skipped or run twice.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, MIGRATIONS } from '../../src/server/features/index.ts';

const featuresDir = path.resolve(import.meta.dirname, '../../src/server/features');

describe('the server features table', () => {
  it('names every feature folder that has plugins, once', () => {
    const names = FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    const withPlugins = fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.readdirSync(path.join(featuresDir, entry.name)).some((file) => /plugin\.ts$/.test(file)))
      .map((entry) => entry.name);
    expect(names.toSorted()).toEqual(withPlugins.toSorted());
  });

  it('gives every migration its own id', () => {
    const ids = MIGRATIONS.map((migration) => migration.id);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
  });
});
