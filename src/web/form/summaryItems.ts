// The error summary's lines: in the order the questions are asked, each named as the guest sees it.
import type { ResolvedField, ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText } from '../../engine/text/messages.ts';
import type { SummaryItem } from './ErrorSummary.tsx';
import { fieldAt } from './errors.ts';
import { itemTitle } from './templates/RepeatTemplates.tsx';

export function summaryItems(items: { name: string; message: string }[], form: ResolvedForm, fields: Map<string, ResolvedField>, lang: Lang): SummaryItem[] {
  const order = [...fields.keys()];
  const rank = (path: string) => order.indexOf(path.split('.')[0]);
  const sorted = [...items].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name, 'en', { numeric: true }));
  return sorted.map((item) => ({ ...item, label: answerLabel(item.name, form, fields, lang) }));
}

/** "Email", or "Child's name (Child 1)" for a sub-question of a repeated group. */
function answerLabel(path: string, form: ResolvedForm, fields: Map<string, ResolvedField>, lang: Lang): string {
  const field = fieldAt(fields, path);
  const own = field && 'label' in field && field.label ? formText(form.id, field.label, lang) : path;
  const [name, index] = path.split('.');
  const group = fields.get(name);
  return group?.type === 'repeat' && index !== undefined ? `${own} (${itemTitle({ formId: form.id, field: group, lang }, Number(index))})` : own;
}
