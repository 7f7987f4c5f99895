// The form definitions as their authors wrote them (the text, for line numbers), and the shared vocabularies.
import type { Vocabularies } from '../src/engine/compiler/compile.ts';
import vocabularyFile from '../forms/vocabularies.json';

const files = import.meta.glob<string>(['/forms/*.json', '!/forms/*.schema.json'], { eager: true, query: '?raw', import: 'default' });

export interface DefinitionText {
  id: string;
  file: string;
  text: string;
}

export const definitionTexts: DefinitionText[] = Object.entries(files)
  .filter(([, text]) => text.includes('"$schema": "./form.schema.json"'))
  .map(([path, text]) => ({ id: path.replace(/^\/forms\/|\.json$/g, ''), file: path.slice(1), text }))
  .sort((a, b) => a.id.localeCompare(b.id));

const { $schema: _schema, ...rest } = vocabularyFile as Record<string, unknown>;
export const vocabularies = rest as Vocabularies;
