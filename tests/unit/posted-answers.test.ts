// The names a form's controls post without JavaScript, read back into answers through the compiled
// schema (features/native-post/posted-answers.ts): RJSF ids, date parts, a phone's dial code,
// repeated groups, check box groups, and names that are no answer.
import { describe, expect, it } from 'vitest';
import { answerAt, postedAnswers } from '../../src/server/features/native-post/posted-answers.ts';

const schema = {
  type: 'object',
  properties: {
    satisfaction_booking_process: { type: 'integer' },
    satisfaction_booking_process_time_slots: { type: 'integer' },
    why: { type: 'array', items: { type: 'string', enum: ['location', 'facilities'] } },
    birth_date: { type: 'string', format: 'date' },
    phone: { type: 'string' },
    consent: { type: 'boolean' },
    agreed: { type: 'boolean', const: true },
    dependents: { type: 'array', maxItems: 3, items: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } } } },
    cv: { type: 'integer' },
  },
};

describe('answers posted without JavaScript', () => {
  it('a name is the longest property that matches: a property named like the start of another is no problem', () => {
    expect(answerAt(schema, 'root_satisfaction_booking_process')?.path).toEqual(['satisfaction_booking_process']);
    expect(answerAt(schema, 'root_satisfaction_booking_process_time_slots')?.path).toEqual(['satisfaction_booking_process_time_slots']);
    expect(answerAt(schema, 'root_dependents_2_name')?.path).toEqual(['dependents', 2, 'name']);
  });

  it('names that are no answer of the form name nothing: other prefixes, prototype keys, items past the group’s limit, parts of a text', () => {
    for (const name of [
      '__proto__',
      'root___proto__',
      'root_constructor',
      'root_dependents_3_name',
      'root_dependents_0_name_x',
      'root_phone_0',
      'dependents[0][name]',
      'root_',
    ])
      expect(answerAt(schema, name), name).toBeNull();
  });

  it('values take the schema’s types; a check box group repeats its name; a date and a phone are joined from their parts', () => {
    const answers = postedAnswers(schema, [
      ['root_satisfaction_booking_process', '٨'],
      ['root_why', 'facilities'],
      ['root_why', 'location'],
      ['root_birth_date__day', '3'],
      ['root_birth_date__month', '4'],
      ['root_birth_date__year', '1990'],
      ['root_phone__dial', '974'],
      ['root_phone', '5512 3456'],
      ['root_consent', 'on'],
      ['root_agreed', 'true'],
      ['root_dependents_1_name', 'Sara'],
      ['root_dependents_1_age', '7'],
    ]);
    expect(answers).toEqual({
      satisfaction_booking_process: 8,
      why: ['facilities', 'location'],
      birth_date: '1990-04-03',
      phone: '+97455123456',
      consent: true,
      agreed: true,
      // The group's first item was left out: the list has no hole.
      dependents: [{ name: 'Sara', age: 7 }],
    });
  });

  it('what is not of its type is kept as typed, for the validation to name; empty answers are no answers; files come as upload ids', () => {
    const answers = postedAnswers(
      schema,
      [
        ['root_satisfaction_booking_process', 'eight'],
        ['root_phone', ''],
        ['root_phone__dial', '974'],
        ['root_cv', 'C:\\fakepath\\cv.pdf'],
        ['__proto__[polluted]', 'yes'],
      ],
      new Map([['root_cv', [41]]]),
    );
    expect(answers).toEqual({ satisfaction_booking_process: 'eight', cv: 41 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a number already written with its country keeps it', () => {
    expect(
      postedAnswers(schema, [
        ['root_phone__dial', '974'],
        ['root_phone', '+44 7911 123456'],
      ]),
    ).toEqual({ phone: '+447911123456' });
  });
});
