// forms:check of a definition's list.columns (scripts/lib/check-list-columns.ts): a column names
// a question of the form with a listable type, a lowest column ratings on one scale and a name of
// its own, and a confidential form names none. Also the cells the server computes from them.
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../scripts/lib/check.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { compileForm } from '../../src/engine/compiler/compile.ts';
import { firstWords, listCells, listColumnsOf, ratingColumnKeys } from '../../src/engine/definition/list-columns.ts';

const vocabularies = loadVocabularies();
const definitions = loadDefinitions();
const dining = definitions.find((d) => d.definition.id === 'dining-survey')!.definition;
const file = 'forms/dining-survey.json';
const withColumns = (columns: unknown[], changes: Partial<FormDefinition> = {}): FormDefinition =>
  ({ ...structuredClone(dining), ...changes, list: { columns } }) as FormDefinition;
const problems = (definition: FormDefinition) => checkDefinition(file, definition, vocabularies).map((problem) => `${problem.path}: ${problem.message}`);

describe('forms:check of list columns', () => {
  it('passes the columns of every definition as they are', () => {
    for (const { file: path, definition } of definitions)
      expect(checkDefinition(path, definition, vocabularies).filter((problem) => problem.path.startsWith('$.list'))).toEqual([]);
  });

  it('refuses a column naming a question the form does not have, or one that does not read as one value', () => {
    expect(problems(withColumns([{ field: 'visited_restaurnt' }]))).toEqual([
      '$.list.columns[0].field: the column names question "visited_restaurnt", which is not in this form (or is inside a repeated group): check its spelling',
    ]);
    expect(problems(withColumns([{ field: 'marketing_consent' }]))[0]).toMatch(
      /^\$\.list\.columns\[0\]\.field: the column names question "marketing_consent", a consent, which does not read as one value in a row: name one of these types: text, textarea/,
    );
    expect(problems(withColumns([{ field: 'visited_restaurant', words: 3 }]))).toEqual([
      '$.list.columns[0].words: "words" cuts a comment (a textarea), but "visited_restaurant" is a select: remove "words"',
    ]);
  });

  it("refuses a lowest column over non-ratings, unlike scales or a question's name, a column twice, and columns on a confidential form", () => {
    const label = { en: 'Lowest', ar: 'الأدنى' };
    expect(problems(withColumns([{ name: 'lowest', lowest: ['rating_food', 'meal_period'], label }]))).toEqual([
      '$.list.columns[0].lowest[1]: the lowest column names question "meal_period", a choice: name rating questions only',
    ]);
    expect(problems(withColumns([{ name: 'rating_food', lowest: ['rating_food', 'rating_service'], label }]))[0]).toMatch(
      /^\$\.list\.columns\[0\]\.name: the lowest column's name "rating_food" is also a question's name/,
    );
    expect(problems(withColumns([{ field: 'rating_food' }, { field: 'rating_food' }]))[0]).toMatch(
      /^\$\.list\.columns\[1\]: two columns have the key "rating_food"/,
    );
    // (Its ratings are refused too, by the confidential form's own check: tests/unit/forms-check-confidential.test.ts.)
    expect(
      problems(withColumns([{ field: 'customer_comments' }], { confidential: true, contact: undefined })).filter((problem) => problem.startsWith('$.list')),
    ).toEqual(['$.list: a confidential form\'s list shows nothing of a report\'s answers: remove "list"']);
    const satisfaction = definitions.find((d) => d.definition.id === 'satisfaction-survey')!.definition;
    const mixed = {
      ...structuredClone(satisfaction),
      list: { columns: [{ name: 'lowest', lowest: ['rating_overall_experience', 'checkout_payment_process'], label }] },
    } as FormDefinition;
    expect(
      checkDefinition('forms/satisfaction-survey.json', mixed, vocabularies)
        .filter((problem) => problem.path.startsWith('$.list'))
        .map((problem) => problem.message),
    ).toEqual([
      "the lowest column's ratings are on different scales (satisfaction5, quality4): their lowest would compare unlike answers; name ratings on one scale, or list them as columns of their own",
    ]);
  });
});

describe('list cells', () => {
  const form = compileForm(dining, vocabularies).compiled.form;
  it('cut a comment to its first words and show the lowest rating with its question', () => {
    expect(firstWords('  one two\tthree\n four ', 3)).toEqual({ text: 'one two three', truncated: true });
    expect(firstWords('one two', 3)).toEqual({ text: 'one two', truncated: false });
    const cells = listCells(form, {
      visited_restaurant: 'Cova',
      rating_greeting: 'good',
      rating_service: 'poor',
      rating_food: 'poor',
      customer_comments: 'Too slow',
    });
    expect(cells).toEqual({
      visited_restaurant: { value: 'Cova' },
      lowest_rating: { value: 'poor', field: 'rating_service', position: 1, top: 5 },
      customer_comments: { value: 'Too slow' },
    });
    expect(ratingColumnKeys(form)).toEqual(['lowest_rating']);
  });
  it('are none for a confidential form, whatever its definition names', () => {
    expect(listColumnsOf({ ...form, confidential: true })).toEqual([]);
    expect(listCells({ ...form, confidential: true }, { visited_restaurant: 'Cova' })).toEqual({});
  });
});
