// The benchmark's large form (npm run bench): 10 sections of 30 questions cycling number, select
// of 5 options and text of at most 100 characters, every even one required. Generated, never in forms/.
import type { FormDefinition } from '../../src/engine/definition/definition.ts';

export const FIELDS_FORM_ID = 'bench-fields-300';
export const FIELDS_FORM_PATH = '/bench/fields-300';
const SECTIONS = 10;
const PER_SECTION = 30;

export function fieldsFormDefinition(): FormDefinition {
  const en = (text: string) => ({ en: text });
  const sections = Array.from({ length: SECTIONS }, (_, s) => ({
    id: `part_${s + 1}`,
    title: en(`Part ${s + 1}`),
    fields: Array.from({ length: PER_SECTION }, (_, f) => {
      const n = s * PER_SECTION + f + 1;
      const name = `q${String(n).padStart(3, '0')}`;
      const common = { name, label: en(`Question ${n}`), ...(n % 2 === 0 ? { required: true } : {}) };
      switch ((n - 1) % 3) {
        case 0:
          return { type: 'number', ...common };
        case 1:
          return { type: 'select', ...common, options: Array.from({ length: 5 }, (_, o) => ({ value: `o${o + 1}`, label: en(`Option ${o + 1}`) })) };
        default:
          return { type: 'text', ...common, maxLength: 100 };
      }
    }),
  }));
  return {
    $schema: './form.schema.json',
    id: FIELDS_FORM_ID,
    version: 1,
    languages: ['en'],
    title: en('Three hundred questions'),
    submit: { collection: 'bench-fields-300', label: en('Submit') },
    sections,
  } as unknown as FormDefinition;
}
