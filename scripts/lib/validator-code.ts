// ajv standalone code for a compiled schema: the one validator the page and the server share.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { JsonSchema } from '../../src/engine/compiler/compiled.ts';

/** ESM module source whose default export is { [schema.$id]: validate }. */
export function validatorModule(schema: JsonSchema): string {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    code: { source: true, esm: true, lines: false, optimize: true },
    schemas: [schema],
  });
  addFormats.default(ajv, ['email', 'date']);
  const id = schema.$id as string;
  return (
    toEsmImports((standaloneCode as unknown as { default: typeof standaloneCode }).default(ajv, { validate: id })) +
    `export default { ${JSON.stringify(id)}: validate };\n`
  );
}

/** ajv's "esm" output still calls require() for its runtime helpers; turn those into imports so browsers and Node load it alike. */
function toEsmImports(code: string): string {
  const modules: string[] = [];
  const body = code.replace(/^"use strict";/, '').replace(/require\("([^"]+)"\)/g, (_whole, name: string) => {
    if (!modules.includes(name)) modules.push(name);
    return `runtime${modules.indexOf(name)}`;
  });
  // Node gives a CommonJS module's exports as the default import, bundlers and Vitest may unwrap it: accept both.
  return (
    modules
      .map(
        (name, i) =>
          `import * as runtime${i}ns from ${JSON.stringify(`${name}.js`)};\nconst runtime${i} = runtime${i}ns.default && runtime${i}ns.default.__esModule ? runtime${i}ns.default : runtime${i}ns;\n`,
      )
      .join('') +
    body +
    '\n'
  );
}
