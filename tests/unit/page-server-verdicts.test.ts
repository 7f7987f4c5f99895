// One contract, two runners: for generated answers to every form, the page's verdict (the shipped
// precompiled validator through RJSF, the page's error wording and its extra checks) equals the
// server's (validateSubmission after phone normalisation), answer by answer and word for word.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { renderSchema } from '../../src/engine/compiler/compile.ts';
import type { ResolvedField } from '../../src/engine/compiler/compiled.ts';
import { dataFields, pruneHidden } from '../../src/engine/checks/conditions.ts';
import { fillTodayDefaults } from '../../src/engine/checks/answers.ts';
import { todayIso } from '../../src/engine/text/format.ts';
import { phoneErrors, normalizePhones } from '../../src/engine/checks/phones.ts';
import { loadCompiledForms } from '../../src/server/core/forms/compiled-forms.ts';
import { validateSubmission } from '../../src/server/core/forms/validation.ts';
import { answerChecks } from '../../src/web/form/answerChecks.ts';
import { answerPath, localizeErrors } from '../../src/web/form/errors.ts';

const forms = await loadCompiledForms(path.resolve('build/forms'));
const today = todayIso();
const tomorrow = todayIso(new Date(Date.now() + 24 * 3600 * 1000));

type Value = unknown;
/** Answers a guest (or a hostile client) could send for one question: valid, empty, wrong. */
function candidates(field: ResolvedField): Value[] {
  const optionValues = 'options' in field && Array.isArray(field.options) ? field.options.map((o) => o.value) : [];
  switch (field.type) {
    case 'text':
    case 'textarea':
      return ['Mariam', '', 'x'.repeat(2100), 7];
    case 'email':
      return ['mariam@example.com', 'nope', ''];
    case 'phone':
      return ['+97455123456', '97455123456', '+4407911123456', '+974 5512 3456', '12345678', '+97412345678', '', 974];
    case 'date':
      return ['1990-04-01', today, tomorrow, '2999-01-01', '2000-02-30', '', '-04-12', '1990--', '90-04-12', '2023-02-29'];
    case 'number':
      return [1, 3, -5, 1e9, 2.5, 'x'];
    case 'choice':
    case 'rating':
      return [...optionValues, 'zzz', ''];
    case 'select':
      return [...optionValues.slice(0, 3), 'zzz', ''];
    case 'multichoice':
      return [[], optionValues.slice(0, 1), optionValues.slice(0, 2), ['zzz'], 'x'];
    case 'consent':
      return [true, false, 'yes'];
    case 'scale':
      return [field.min, field.max, field.max + 1, 'x'];
    case 'country':
      return ['Qatar', 'QA', 'Nowhere'];
    case 'file':
      return [1, [1, 2], 0, 'x'];
    case 'signature':
      return [
        {
          strokes: [
            [
              [0.1, 0.2],
              [0.3, 0.4],
            ],
          ],
          aspect: 2,
        },
        { strokes: [], aspect: 2 },
        {},
      ];
    case 'hidden':
      return field.valueType === 'integer' ? [1, 'x'] : field.valueType === 'date' ? [today, 'x'] : ['doha', 5];
    case 'repeat':
      return [[]];
    case 'content':
      return [];
  }
}

function answersFor(fields: ResolvedField[]): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) {
    if (field.type === 'content') continue;
    const arbitrary = field.type === 'repeat' ? fc.array(answersFor(field.fields as ResolvedField[]), { maxLength: 3 }) : fc.constantFrom(...candidates(field));
    model[field.name] = arbitrary;
  }
  return fc.record(model, { requiredKeys: [] });
}

describe.each(forms.map((form) => [form.compiled.id, form] as const))('%s', (_id, form) => {
  const compiled = form.compiled;
  const fields = new Map(dataFields(compiled.form).map((f) => [f.name, f as ResolvedField]));
  const schema = renderSchema(compiled.schema, compiled.form) as RJSFSchema;
  // What loadForm.ts builds from the shipped build/forms/<id>.validate.mjs.
  const validator = createPrecompiledValidator({ [compiled.id]: form.validate } as never, schema);

  it.each(compiled.languages)('page and server agree on every answer (%s)', (lang) => {
    const pageVerdict = (data: Record<string, unknown>) => {
      const { errors } = validator.validateFormData(
        data,
        schema,
        answerChecks(compiled.form, lang, phoneErrors, () => true),
        (list) => localizeErrors(list, compiled.id, fields, lang),
      );
      const found: Record<string, string> = {};
      for (const error of errors) found[answerPath(error.property ?? '', fields)] ??= error.message ?? '';
      return found;
    };
    const serverVerdict = (data: Record<string, unknown>) => {
      const sent = structuredClone(data);
      normalizePhones(compiled.form, sent);
      fillTodayDefaults(compiled.form, sent, today);
      const found: Record<string, string> = {};
      for (const error of validateSubmission(form, sent, lang, today)) found[answerPath(error.path, fields)] ??= error.message;
      return found;
    };
    fc.assert(
      fc.property(answersFor([...fields.values()]), (generated) => {
        // The page keeps only what is asked (EngineForm prunes hidden answers) and sends that.
        // The page fills "today" values itself (sourcedValues.ts); the server fills the same ones when left out.
        const data = pruneHidden(compiled.form, generated);
        fillTodayDefaults(compiled.form, data, today);
        expect(pageVerdict(data)).toEqual(serverVerdict(data));
      }),
      { numRuns: 150 },
    );
  });
});
