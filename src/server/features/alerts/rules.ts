// Alert rules are content (collection alert-rules, edited with forms/content/content-alert-rules.json):
// which form, when (every submission or a condition in the engine's own condition language), who
// (addresses, the venue's manager, a webhook) and the words per language. Here: a stored rule read
// as a value, and the rules that a stored submission triggers.
import { evaluate } from '../../../engine/checks/conditions.ts';
import type { Condition } from '../../../engine/definition/definition.ts';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';

export const ALERT_RULES = 'alert-rules';

type Data = Record<string, unknown>;

const isLang = (value: unknown): value is Lang => (LANGUAGES as readonly unknown[]).includes(value);

export interface AlertRule {
  id: number;
  name: string;
  form: string;
  condition: Condition | null;
  venueManager: boolean;
  language: Lang;
  subject: Partial<Record<Lang, string>>;
  body: Partial<Record<Lang, string>>;
  /** As stored: each channel reads its own fields, its recipients (channels/). */
  data: Data;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const texts = (value: unknown): Partial<Record<Lang, string>> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).filter(([lang, words]) => isLang(lang) && typeof words === 'string' && words.trim()))
    : {};

/** "a@x, b@y\nc@z" → three addresses. */
export const emailList = (value: unknown): string[] =>
  text(value)
    .split(/[\s,;]+/)
    .filter(Boolean);

/** The condition as written (JSON in the engine's language); null: every submission. Throws on JSON that does not parse. */
export function conditionOf(data: Data): Condition | null {
  if (data.when !== 'condition') return null;
  return JSON.parse(text(data.condition)) as Condition;
}

export function ruleOf(id: number, data: Data): AlertRule {
  const language = isLang(data.language) ? data.language : 'en';
  return {
    id,
    name: text(data.name),
    form: text(data.form),
    condition: conditionOf(data),
    venueManager: data.venue_manager === true,
    language,
    subject: texts(data.subject),
    body: texts(data.body),
    data,
  };
}

/**
 * The active rules of a form whose condition the answers meet. A rule that cannot be read (saved before a check existed) is skipped, never a refused submission.
 * A confidential form's rules tell of every submission: a condition (one saved before rule-checks refused them) is not evaluated on its answers.
 */
export async function triggeredRules(tx: Queryable, form: Pick<CompiledForm, 'id' | 'confidential'>, answers: Data): Promise<AlertRule[]> {
  const { rows } = await tx.query<{ id: number; data: Data }>(
    `SELECT id, data FROM documents WHERE collection = $1 AND data->>'form' = $2 AND (data->>'enabled')::boolean IS TRUE ORDER BY id`,
    [ALERT_RULES, form.id],
  );
  return rows.flatMap((row) => {
    try {
      const rule = ruleOf(row.id, row.data);
      return !rule.condition || form.confidential || evaluate(rule.condition, answers) ? [rule] : [];
    } catch {
      return [];
    }
  });
}
