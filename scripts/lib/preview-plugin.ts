// The live preview's dev server endpoint (npm run forms:preview): forms:check for one edited
// definition, so the page shows the same messages at the same lines. Dev only; never built.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { checkAgainstSchema, checkDefinition, locate, type Problem } from './check.ts';
import { loadVocabularies } from './forms.ts';
import { parseJsonText } from './check-syntax.ts';
import { checkStoredData } from './project-checks.ts';
import { LOCK_FILE, type LockFile } from './stored-data.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** forms:check's messages for the text of one definition, including broken JSON. */
export function checkDefinitionText(file: string, text: string): Problem[] {
  const parsed = parseJsonText(file, text);
  if (parsed.problems.length) return parsed.problems;
  const definition = parsed.json as FormDefinition;
  const vocabularies = loadVocabularies();
  const schemaProblems = checkAgainstSchema(file, definition, 'forms/form.schema.json');
  let problems = schemaProblems.length ? schemaProblems : checkDefinition(file, definition, vocabularies, untranslatedOk());
  if (!problems.length) {
    const lock = existsSync(resolve(ROOT, LOCK_FILE)) ? (JSON.parse(readFileSync(resolve(ROOT, LOCK_FILE), 'utf8')) as LockFile).forms : {};
    const own = lock[definition.id] ? { [definition.id]: lock[definition.id] } : {};
    problems = checkStoredData(own, [{ file, definition }], vocabularies);
  }
  return locate(problems, (f) => (f === file ? text : existsSync(resolve(ROOT, f)) ? readFileSync(resolve(ROOT, f), 'utf8') : undefined));
}

function untranslatedOk(): Set<string> {
  const path = resolve(ROOT, 'forms/untranslated-ok.json');
  return new Set(existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { texts: string[] }).texts : []);
}

/** POST /__preview/check {file, text} → {problems}; "/" opens the preview page. */
export function previewPlugin(): Plugin {
  return {
    name: 'forms-preview',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const [pathname, query] = (req.url ?? '/').split('?');
        if (pathname === '/' || pathname === '/index.html') {
          res.statusCode = 302;
          res.setHeader('Location', `/preview/${query ? `?${query}` : ''}`);
          return res.end();
        }
        if (req.url !== '/__preview/check' || req.method !== 'POST') return next();
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          try {
            const { file, text } = JSON.parse(body) as { file: string; text: string };
            res.setHeader('Content-Type', 'application/json');
            res.end(JSON.stringify({ problems: checkDefinitionText(file, text) }));
          } catch (error) {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: (error as Error).message }));
          }
        });
      });
    },
  };
}
