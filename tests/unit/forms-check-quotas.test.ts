// forms:check of a definition's dates and limits (scripts/lib/check-quotas.ts): closes before opens,
// a date that is no date, a limit below 1 and a limit per venue without a venue are refused at
// their lines; the shipped definitions pass as they are. Also the Doha reading of the dates.
import { describe, expect, it } from 'vitest';
import { checkDefinition, formatProblem, locate } from '../../scripts/lib/check.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { dohaInstant, openingDay, scheduleAt, unavailableText } from '../../src/engine/quotas/availability.ts';

const vocabularies = loadVocabularies();
const definitions = loadDefinitions();
const padel = definitions.find((d) => d.definition.id === 'padel-survey')?.definition ?? definitions[0].definition;
const file = `forms/${padel.id}.json`;
const QUOTA_KEYS = ['$.opens', '$.closes', '$.maxResponses', '$.maxResponsesPerVenue'];

/** The definition with these keys, written out as an author would (one key a line), and its quota problems located in that text. */
function located(changes: Partial<FormDefinition>) {
  const definition = { ...structuredClone(padel), ...changes } as FormDefinition;
  const text = JSON.stringify(definition, null, 2);
  const problems = checkDefinition(file, definition, vocabularies).filter((problem) => QUOTA_KEYS.includes(problem.path));
  const lineOf = (key: string) => text.split('\n').findIndex((line) => line.startsWith(`  "${key}":`)) + 1;
  return { problems: locate(problems, () => text).map(formatProblem), lineOf };
}

describe('forms:check of dates and limits', () => {
  it('passes every shipped definition as it is', () => {
    for (const { file: path, definition } of definitions)
      expect(checkDefinition(path, definition, vocabularies).filter((problem) => QUOTA_KEYS.includes(problem.path))).toEqual([]);
  });

  it('passes dates in order and positive limits', () => {
    expect(located({ opens: '2027-01-05T09:00', closes: '2027-03-31T23:59:59', maxResponses: 500 }).problems).toEqual([]);
  });

  it('refuses closes before opens at the line of closes, naming the line of opens', () => {
    const { problems, lineOf } = located({ opens: '2027-03-01T09:00', closes: '2027-02-01T09:00' });
    expect(problems).toEqual([
      `${file}:${lineOf('closes')}:3 ($.closes) the form closes ("2027-02-01T09:00") before it opens ("2027-03-01T09:00", line ${lineOf('opens')}): make "closes" later than "opens", or remove one of them`,
    ]);
    expect(located({ opens: '2027-03-01T09:00', closes: '2027-03-01T09:00' }).problems).toHaveLength(1);
  });

  it('refuses a non-positive limit at its line', () => {
    const { problems, lineOf } = located({ maxResponses: 0 });
    expect(problems).toEqual([
      `${file}:${lineOf('maxResponses')}:3 ($.maxResponses) "maxResponses" is 0: a limit is a number of answers, at least 1 (to stop a form taking answers, give it "closes")`,
    ]);
    expect(located({ maxResponsesPerVenue: -5, venue: padel.venue }).problems[0]).toMatch(/\(\$\.maxResponsesPerVenue\) "maxResponsesPerVenue" is -5/);
  });

  it('refuses a date that is not on the calendar, and a limit per venue on a form without venue', () => {
    expect(located({ closes: '2027-02-30T10:00' }).problems[0]).toMatch(
      /\(\$\.closes\) "closes" is "2027-02-30T10:00", which is no date and time of the calendar/,
    );
    expect(located({ maxResponsesPerVenue: 10, venue: undefined }).problems[0]).toMatch(/\(\$\.maxResponsesPerVenue\) a limit per venue needs the form/);
  });
});

describe('a form’s dates in Doha time', () => {
  it('reads a date-time as UTC+3 and refuses impossible ones', () => {
    expect(dohaInstant('2027-01-05T09:00')?.toISOString()).toBe('2027-01-05T06:00:00.000Z');
    expect(dohaInstant('2027-02-29T09:00')).toBeNull();
    expect(dohaInstant('2027-01-05T24:00')).toBeNull();
    expect(dohaInstant('2027-01-05')).toBeNull();
  });

  it('is not yet open before opens, closed from closes, open between', () => {
    const form = { opens: '2027-01-05T09:00', closes: '2027-01-06T09:00' };
    expect(scheduleAt(form, new Date('2027-01-05T05:59:59Z'))).toEqual({ state: 'notYet', opens: '2027-01-05T06:00:00.000Z' });
    expect(scheduleAt(form, new Date('2027-01-05T06:00:00Z'))).toEqual({ state: 'open' });
    expect(scheduleAt(form, new Date('2027-01-06T06:00:00Z'))).toEqual({ state: 'closed' });
  });

  it('says when it opens in the guest’s language and digits', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    const notYet = { state: 'notYet' as const, opens: '2027-01-04T22:00:00.000Z' };
    expect(unavailableText(notYet, 'en', now)).toBe('This survey opens on 5 January');
    expect(unavailableText(notYet, 'ar', now)).toBe('يبدأ هذا الاستبيان في 5 يناير');
    expect(unavailableText(notYet, 'fr', now)).toBe('Ce questionnaire ouvre le 5 janvier');
    expect(openingDay('2028-01-04T22:00:00.000Z', 'en', now)).toBe('5 January 2028');
    expect(unavailableText({ state: 'closed' }, 'en', now)).toBe('This survey has closed');
    expect(unavailableText({ state: 'full' }, 'en', now)).toBe('Thank you: this survey has all the answers it needs');
    expect(unavailableText({ state: 'open' }, 'en', now)).toBeNull();
  });
});
