// The two pages npm run bench measures ours against, generated from a compiled form and its
// English texts: a plain HTML page (no script at all) and a vanilla RJSF page (@rjsf/core with
// @rjsf/validator-ajv8 and its default theme, bundled by esbuild), each with the same questions.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { CompiledForm, ResolvedField } from '../../src/engine/compiler/compiled.ts';

const ROOT = resolve(import.meta.dirname, '../..');
type Texts = Record<string, string>;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Questions a guest answers (not hidden values, static text or repeated groups), in order. */
export function questions(compiled: CompiledForm): ResolvedField[] {
  return compiled.form.sections
    .flatMap((section) => section.fields)
    .filter((field) => !['hidden', 'content', 'repeat', 'signature', 'file'].includes(field.type));
}

function optionsOf(field: ResolvedField, texts: Texts): { value: string; label: string }[] {
  const options = 'options' in field && Array.isArray(field.options) ? (field.options as { value: string | number; label: string }[]) : [];
  return options.map((option) => ({ value: String(option.value), label: texts[option.label] ?? String(option.value) }));
}

const labelOf = (field: ResolvedField, texts: Texts) => ('label' in field && field.label ? (texts[field.label] ?? field.name) : field.name);
const radioTypes = new Set(['choice', 'rating', 'scale', 'multichoice']);

function plainField(field: ResolvedField, texts: Texts): string {
  const id = `root_${field.name}`;
  const label = escape(labelOf(field, texts));
  const required = 'required' in field && field.required === true ? ' required' : '';
  const maxLength = 'maxLength' in field && field.maxLength ? ` maxlength="${field.maxLength}"` : '';
  if (radioTypes.has(field.type)) {
    const type = field.type === 'multichoice' ? 'checkbox' : 'radio';
    const items = optionsOf(field, texts).map(
      (option, index) =>
        `<label><input type="${type}" id="${id}-${index}" name="${field.name}" value="${escape(option.value)}"${required}> ${escape(option.label)}</label>`,
    );
    return `<fieldset id="${id}"><legend>${label}</legend>${items.join('')}</fieldset>`;
  }
  if (field.type === 'consent') return `<div class="field"><label><input type="checkbox" id="${id}" name="${field.name}"${required}> ${label}</label></div>`;
  let control: string;
  if (field.type === 'select')
    control = `<select id="${id}" name="${field.name}"${required}><option value=""></option>${optionsOf(field, texts)
      .map((o) => `<option value="${escape(o.value)}">${escape(o.label)}</option>`)
      .join('')}</select>`;
  else if (field.type === 'textarea') control = `<textarea id="${id}" name="${field.name}" rows="4"${maxLength}${required}></textarea>`;
  else {
    const type = { email: 'email', date: 'date', phone: 'tel' }[field.type as string] ?? 'text';
    control = `<input type="${type}" id="${id}" name="${field.name}"${field.type === 'number' ? ' inputmode="decimal"' : ''}${maxLength}${required}>`;
  }
  return `<div class="field"><label for="${id}">${label}</label>${control}</div>`;
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem}.field,fieldset{margin:0 0 1rem}label{display:block}input,select,textarea{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.5rem}fieldset label{display:inline-block;margin-inline-end:1rem}fieldset input{display:inline;width:auto}';

/** The form as plain HTML: every question, no script. */
export function plainPage(compiled: CompiledForm, texts: Texts): string {
  const sections = compiled.form.sections.map((section) => {
    const title = section.title ? `<h2>${escape(texts[section.title] ?? '')}</h2>` : '';
    const fields = section.fields.filter((field) => questions(compiled).includes(field)).map((field) => plainField(field, texts));
    return `<section>${title}${fields.join('\n')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(texts[compiled.form.title] ?? compiled.id)}</title><style>${PAGE_STYLE}</style></head><body><h1>${escape(texts[compiled.form.title] ?? '')}</h1><form method="post">${sections.join('\n')}<button type="submit">Submit</button></form></body></html>`;
}

/** The form as a JSON Schema with titles, as an RJSF user would write it, and the uiSchema of its radio groups. */
function vanillaSchema(compiled: CompiledForm, texts: Texts) {
  const properties: Record<string, unknown> = {};
  const uiSchema: Record<string, unknown> = {};
  const required: string[] = [];
  for (const field of questions(compiled)) {
    const title = labelOf(field, texts);
    const options = optionsOf(field, texts);
    if ('required' in field && field.required === true) required.push(field.name);
    if (field.type === 'consent') properties[field.name] = { type: 'boolean', title };
    else if (field.type === 'multichoice') {
      properties[field.name] = {
        type: 'array',
        title,
        uniqueItems: true,
        items: { type: 'string', oneOf: options.map((o) => ({ const: o.value, title: o.label })) },
      };
      uiSchema[field.name] = { 'ui:widget': 'checkboxes' };
    } else if (options.length || field.type === 'select') {
      properties[field.name] = { type: 'string', title, ...(options.length ? { oneOf: options.map((o) => ({ const: o.value, title: o.label })) } : {}) };
      if (radioTypes.has(field.type)) uiSchema[field.name] = { 'ui:widget': 'radio' };
    } else if (field.type === 'number') properties[field.name] = { type: 'number', title };
    else {
      properties[field.name] = {
        type: 'string',
        title,
        ...('maxLength' in field && field.maxLength ? { maxLength: field.maxLength } : {}),
        ...(field.type === 'email' ? { format: 'email' } : field.type === 'date' ? { format: 'date' } : {}),
      };
      if (field.type === 'textarea') uiSchema[field.name] = { 'ui:widget': 'textarea' };
    }
  }
  return { schema: { title: texts[compiled.form.title] ?? '', type: 'object', required, properties }, uiSchema };
}

/** The form as a vanilla RJSF page (name.html + name.js in dir): the Form keeps its own state, validation on submit. */
export async function vanillaPage(compiled: CompiledForm, texts: Texts, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const { schema, uiSchema } = vanillaSchema(compiled, texts);
  const entry = join(dir, `${name}.entry.jsx`);
  writeFileSync(
    entry,
    [
      `import { createRoot } from 'react-dom/client';`,
      `import Form from '@rjsf/core';`,
      `import validator from '@rjsf/validator-ajv8';`,
      `const schema = ${JSON.stringify(schema)};`,
      `const uiSchema = ${JSON.stringify(uiSchema)};`,
      `createRoot(document.getElementById('root')).render(<Form schema={schema} uiSchema={uiSchema} validator={validator} />);`,
    ].join('\n'),
  );
  await build({
    entryPoints: [entry],
    outfile: join(dir, `${name}.js`),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    nodePaths: [join(ROOT, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  writeFileSync(
    join(dir, `${name}.html`),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(schema.title)}</title><style>${PAGE_STYLE}</style><script type="module" src="/${name}.js"></script></head><body><div id="root"></div></body></html>`,
  );
}

/** The plain and vanilla pages, served gzip'd like ours, from a small static server. */
export async function startStatic(dir: string): Promise<{ base: string; close(): void }> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
  const server = createServer((request, response) => {
    try {
      const body = readFileSync(join(dir, (request.url ?? '/').split('?')[0].replace(/\.\./g, '')));
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(200, {
        'content-type': types[extname(request.url ?? '')] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      response.end(gzip ? gzipSync(body) : body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
