// forms:check for content forms (forms/content/): each edits a collection or global that
// content/collections.json declares, one form per target, and only content forms use the
// content-only definition properties.
import type { DefinitionAt } from './project-checks.ts';
import type { Problem } from './check.ts';
import type { Field } from '../../src/engine/definition/definition.ts';
import { CONTENT_UPLOADS } from '../../src/engine/compiler/content-shape.ts';

export interface ContentDeclarations {
  collections: { slug: string }[];
  globals: { slug: string }[];
}

export function checkContentForms(forms: DefinitionAt[], declared: ContentDeclarations): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const { file, definition } of forms) {
    const { collection, global } = definition.submit;
    const list = global ? declared.globals : declared.collections;
    if (!list.some((item) => item.slug === collection)) {
      problems.push({
        file,
        path: '$.submit.collection',
        message: `content/collections.json declares no ${global ? 'global' : 'collection'} "${collection}": use one of ${list.map((item) => item.slug).join(', ')}`,
      });
    }
    const target = `${global ? 'globals/' : ''}${collection}`;
    if (seen.has(target))
      problems.push({ file, path: '$.submit.collection', message: `${seen.get(target)} already edits "${target}": keep one content form per collection` });
    seen.set(target, file);
    definition.sections.forEach((section, s) =>
      section.fields.forEach((field, f) => {
        const items: [Field, string][] =
          field.type === 'repeat'
            ? field.fields.map((inner, k) => [inner as Field, `$.sections[${s}].fields[${f}].fields[${k}]`])
            : [[field, `$.sections[${s}].fields[${f}]`]];
        for (const [own, path] of items) problems.push(...contentFileProblems(file, own, path));
      }),
    );
    if (definition.id !== `content-${collection}`)
      problems.push({ file, path: '$.id', message: `a content form's id is "content-" and its collection: write "content-${collection}"` });
  }
  return problems;
}

/** A content file is kept in the document as its upload: the server must find the upload's collection and where its id goes. */
function contentFileProblems(file: string, field: Field, path: string): Problem[] {
  if (field.type !== 'file') return [];
  const problems: Problem[] = [];
  if (field.collection !== CONTENT_UPLOADS)
    problems.push({
      file,
      path: `${path}.collection`,
      message: `content files are uploaded to "${CONTENT_UPLOADS}": write "collection": "${CONTENT_UPLOADS}"`,
    });
  if (field.multiple)
    problems.push({ file, path: `${path}.multiple`, message: 'a content file is one file: remove "multiple", or use a repeated group of files' });
  const at = field.contentPath ?? field.name;
  if (at !== 'id' && !at.endsWith('.id'))
    problems.push({
      file,
      path: `${path}.contentPath`,
      message: `a content file's contentPath names where its upload id is kept, e.g. "logo.id" (the object around it becomes the upload the pages read, {url, filename, ...}): write "${at}.id"`,
    });
  return problems;
}
