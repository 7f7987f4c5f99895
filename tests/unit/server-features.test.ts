// The server's feature table (src/server/features/index.ts): every feature folder is in it, and the
// schema migrations of core and of every feature have one id each, so none is skipped or run twice;
// each feature's settings join the one configuration list, each name once.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, MIGRATIONS } from '../../src/server/features/index.ts';
import { CONFIG_VARIABLES, loadConfig } from '../../src/server/features/index.ts';
import { joinConfigVariables, type ConfigSection } from '../../src/server/core/config.ts';

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

  it("joins every feature's settings into the one configuration list, under the feature's key", () => {
    for (const { config } of FEATURES.filter((feature) => feature.config)) {
      for (const variable of config!.variables) expect(CONFIG_VARIABLES, variable.name).toContainEqual(variable);
      expect(loadConfig({}), config!.key).toHaveProperty(config!.key);
    }
    expect(FEATURES.find((feature) => feature.name === 'alerts')?.config?.variables.map((variable) => variable.name)).toContain('SMTP_URL');
  });

  it('refuses a variable declared twice (by core and a feature, or by two features)', () => {
    const again: ConfigSection = {
      key: 'retention',
      variables: [{ name: 'PORT', kind: 'number', default: '3000', description: 'again' }],
      read: () => ({ intervalMs: 1 }),
    };
    expect(() => joinConfigVariables([again])).toThrow('PORT is declared twice in the configuration');
  });
});
