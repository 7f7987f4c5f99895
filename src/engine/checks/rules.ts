// A definition's age and fitness rules (its `rules`): an answer refused with the rule's own message
// when its condition holds, e.g. a child under 3 at iFly, a guardian under 18, a declared weight
// over the limit. Run by the page (next to the question, before sending) and the server (a 400
// naming the answer) alike, with today's date: an age moves every day, so no compiled schema says it.
import type { ResolvedForm } from '../compiler/compiled.ts';
import type { Lang } from '../text/languages.ts';
import { formText } from '../text/messages.ts';
import { evaluate } from './conditions.ts';
import type { AnswerError } from './errors.ts';

type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** Each answer a rule refuses (answered ones only: a missing answer is the schema's to name), first rule first. */
export function ruleErrors(form: ResolvedForm, data: Data, today: string, lang: Lang): AnswerError[] {
  const errors: AnswerError[] = [];
  const seen = new Set<string>();
  const refuse = (path: string, top: string, message: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    errors.push({ path, field: top, message: formText(form.id, message, lang) });
  };
  for (const rule of form.rules ?? []) {
    const [top, sub] = rule.field.split('.');
    if (sub === undefined) {
      if (data[top] !== undefined && evaluate(rule.refuseIf, data, today)) refuse(top, top, rule.message);
      continue;
    }
    const items = Array.isArray(data[top]) ? (data[top] as unknown[]) : [];
    items.forEach((item, index) => {
      // The item's answers over the form's: "birth_date" is the child's, "visit_date" the form's.
      if (isRecord(item) && item[sub] !== undefined && evaluate(rule.refuseIf, { ...data, ...item }, today))
        refuse(`${top}.${index}.${sub}`, top, rule.message);
    });
  }
  return errors;
}
