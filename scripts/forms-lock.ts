// npm run forms:lock — records in forms/forms.lock.json what answers stored from each form rely on
// (collection, each field's stored type and values). Run it on purpose: after a change forms:check
// refused because it breaks stored data, once no such data exists (or a migration moved it).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDefinitions, loadVocabularies } from './lib/forms.ts';
import { contractOf, formatLock, LOCK_FILE } from './lib/stored-data.ts';

const root = resolve(import.meta.dirname, '..');
const vocabularies = loadVocabularies();
const forms = Object.fromEntries(loadDefinitions().map(({ definition }) => [definition.id, contractOf(definition, vocabularies)]));
writeFileSync(join(root, LOCK_FILE), formatLock(forms));
console.log(`forms:lock: wrote ${LOCK_FILE} (${Object.keys(forms).length} forms). Commit it with the change it records.`);
