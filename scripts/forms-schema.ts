// npm run forms:schema — writes the JSON Schemas of forms/, routes.json and themes/ from their TypeBox source.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DATA_SCHEMAS, toJsonSchema } from './lib/data-schemas.ts';

export function schemaFiles(): Record<string, string> {
  return Object.fromEntries(Object.entries(DATA_SCHEMAS).map(([file, schema]) => [file, `${JSON.stringify(toJsonSchema(schema), null, 2)}\n`]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, text] of Object.entries(schemaFiles())) writeFileSync(resolve(import.meta.dirname, '..', file), text);
  console.log(`Wrote ${Object.keys(DATA_SCHEMAS).join(', ')}`);
}
