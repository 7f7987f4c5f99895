// forms:check of a definition's `list.columns` (engine/definition/list-columns.ts): each names a question of
// the form (not inside a repeated group) whose answer reads as one short value; a lowest column
// names rating questions on one scale and a name of its own; a confidential form has none.
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { columnKey, LISTABLE_TYPES } from '../../src/engine/definition/list-columns.ts';

export function listColumnProblems(definition: FormDefinition, add: (path: string, message: string) => void): void {
  if (!definition.list) return;
  if (definition.confidential) {
    add('$.list', 'a confidential form\'s list shows nothing of a report\'s answers: remove "list"');
    return;
  }
  const fields = new Map(definition.sections.flatMap((section) => section.fields).map((field) => [field.name, field]));
  const keys = new Map<string, string>();
  definition.list.columns.forEach((column, i) => {
    const path = `$.list.columns[${i}]`;
    const key = columnKey(column);
    if (keys.has(key))
      add(path, `two columns have the key "${key}" (the other is at {at:${keys.get(key)}}): list each question once and give a lowest column its own name`);
    keys.set(key, path);
    if ('lowest' in column) {
      if (fields.has(column.name))
        add(`${path}.name`, `the lowest column's name "${column.name}" is also a question's name: give it a name of its own, e.g. "lowest_rating"`);
      const scales = new Set<string>();
      column.lowest.forEach((name, k) => {
        const field = fields.get(name);
        if (!field) add(`${path}.lowest[${k}]`, `the lowest column names question "${name}", which is not in this form: check its spelling`);
        else if (field.type !== 'rating')
          add(`${path}.lowest[${k}]`, `the lowest column names question "${name}", a ${field.type}: name rating questions only`);
        else scales.add(field.scale);
      });
      if (scales.size > 1)
        add(
          `${path}.lowest`,
          `the lowest column's ratings are on different scales (${[...scales].join(', ')}): their lowest would compare unlike answers; name ratings on one scale, or list them as columns of their own`,
        );
      return;
    }
    const field = fields.get(column.field);
    if (!field)
      add(`${path}.field`, `the column names question "${column.field}", which is not in this form (or is inside a repeated group): check its spelling`);
    else if (!LISTABLE_TYPES.includes(field.type))
      add(
        `${path}.field`,
        `the column names question "${column.field}", a ${field.type}, which does not read as one value in a row: name one of these types: ${LISTABLE_TYPES.join(', ')}`,
      );
    else if (column.words !== undefined && field.type !== 'textarea')
      add(`${path}.words`, `"words" cuts a comment (a textarea), but "${column.field}" is a ${field.type}: remove "words"`);
  });
}
