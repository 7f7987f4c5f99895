// forms:check on a file that is not valid JSON: the author is told where and what to do, no crash.
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../scripts/lib/check.ts';
import { parseJsonText } from '../../scripts/lib/check-syntax.ts';
import { brokenJson } from '../../scripts/forms-check.ts';

const lines = (file: string, text: string) => parseJsonText(file, text).problems.map(formatProblem);

describe('forms:check on broken JSON', () => {
  it('names the line and column of a missing comma and says what to add', () => {
    const text = '{\n  "id": "tiny",\n  "version": 1\n  "languages": ["en"]\n}\n';
    expect(lines('forms/tiny.json', text)).toEqual([
      'forms/tiny.json:4:3 ($) the JSON is broken here: a comma is missing between two entries; fix it and run npm run forms:check again',
    ]);
  });
  it('points at a comma after the last entry and at a text left open', () => {
    expect(lines('forms/tiny.json', '{\n  "id": "tiny",\n}\n')).toEqual([
      'forms/tiny.json:3:1 ($) the JSON is broken here: a key in double quotes is expected here (is there a comma after the last entry?); fix it and run npm run forms:check again',
    ]);
    expect(lines('routes.json', '{\n  "title": "Open\n}\n')[0]).toMatch(
      /^routes\.json:2:12 \(\$\) the JSON is broken here: a text is not closed with a double quote/,
    );
  });
  it('reports only the first error of a file, since one slip confuses the rest', () => {
    expect(parseJsonText('forms/tiny.json', '{ "a": 1 "b": 2 "c": 3 }').problems).toHaveLength(1);
  });
  it('parses a valid file and finds nothing broken in the project', () => {
    expect(parseJsonText('forms/tiny.json', '{ "a": [1, 2] }')).toEqual({ json: { a: [1, 2] }, problems: [] });
    expect(brokenJson()).toEqual([]);
  });
});
