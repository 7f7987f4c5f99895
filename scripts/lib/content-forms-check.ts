// forms:check for content forms (forms/content/): each edits a collection or global that
// content/collections.json declares, one form per target, and only content forms use the
// content-only definition properties.
import type { DefinitionAt } from './project-checks.ts';
import type { Problem } from './check.ts';

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
      problems.push({ file, path: '$.submit.collection', message: `content/collections.json declares no ${global ? 'global' : 'collection'} "${collection}": use one of ${list.map((item) => item.slug).join(', ')}` });
    }
    const target = `${global ? 'globals/' : ''}${collection}`;
    if (seen.has(target)) problems.push({ file, path: '$.submit.collection', message: `${seen.get(target)} already edits "${target}": keep one content form per collection` });
    seen.set(target, file);
    if (definition.id !== `content-${collection}`) problems.push({ file, path: '$.id', message: `a content form's id is "content-" and its collection: write "content-${collection}"` });
  }
  return problems;
}
