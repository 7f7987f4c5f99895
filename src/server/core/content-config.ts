// Content collections (stores, restaurants, ...) and globals are declared as data in
// CONTENT_DIR/collections.json; their seed documents live in CONTENT_DIR/seed.
import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { ContentConfigFile, type ContentConfig } from '../../engine/contract/content-config.ts';

export type { ContentCollectionConfig, ContentConfig, GlobalConfig } from '../../engine/contract/content-config.ts';

/** "/collections/2/read" → "$.collections[2].read" */
const jsonPath = (pointer: string) =>
  '$' +
  pointer
    .split('/')
    .slice(1)
    .map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');

/** The file, checked against its schema (src/engine/contract/content-config.ts): a mistake stops the start, naming the file and the place. */
export function loadContentConfig(contentDir: string): ContentConfig {
  const file = path.join(contentDir, 'collections.json');
  if (!fs.existsSync(file)) return { collections: [], globals: [] };
  let config: unknown;
  try {
    config = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const problem = Value.Errors(ContentConfigFile, config).First();
  if (problem)
    throw new Error(
      `${file}: ${jsonPath(problem.path)} ${problem.message.toLowerCase()}${problem.value === undefined ? '' : ` (it is ${JSON.stringify(problem.value)})`}; npm run forms:check says more.`,
    );
  const { collections, globals } = config as Partial<ContentConfig>;
  return { collections: collections ?? [], globals: globals ?? [] };
}
