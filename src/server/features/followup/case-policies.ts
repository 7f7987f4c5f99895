// Case policies are content (collection case-policies, edited by admins with
// forms/content/content-case-policies.json): which form, an optional condition in the engine's own
// condition language, the time to a first reply and to resolving (ISO 8601 durations of calendar
// time) and the escalation chain. Here: a stored policy read as a value, and the policy a stored
// submission falls under (the first enabled one, by id, whose condition its answers meet).
import { Value } from '@sinclair/typebox/value';
import { evaluate } from '../../../engine/checks/conditions.ts';
import type { Condition } from '../../../engine/definition/definition.ts';
import { durationMs } from '../../../engine/cases/duration.ts';
import { EscalationChain } from '../../../engine/contract/case-clock.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { Queryable } from '../../core/db/db.ts';

export const CASE_POLICIES = 'case-policies';

type Data = Record<string, unknown>;

export interface CasePolicy {
  id: number;
  name: string;
  form: string;
  condition: Condition | null;
  firstResponseMs: number | null;
  resolveMs: number | null;
  escalation: EscalationChain;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The condition as written (JSON); null: every submission. Throws on JSON that does not parse. */
export const policyCondition = (data: Data): Condition | null => (text(data.condition) ? (JSON.parse(text(data.condition)) as Condition) : null);

/** The chain as written (JSON); empty when none. Throws on JSON that does not parse. */
export const policyChain = (data: Data): unknown => (text(data.escalation) ? JSON.parse(text(data.escalation)) : []);

export function policyOf(id: number, data: Data): CasePolicy {
  const escalation = policyChain(data);
  return {
    id,
    name: text(data.name),
    form: text(data.form),
    condition: policyCondition(data),
    firstResponseMs: durationMs(data.first_response),
    resolveMs: durationMs(data.resolve),
    escalation: Value.Check(EscalationChain, escalation) ? escalation : [],
  };
}

/**
 * The policy a submission falls under, or null. A policy that cannot be read (saved before a check
 * existed) is skipped, never a refused submission; a confidential form's policies apply to every
 * submission (whether a report's answers meet a condition is itself an answer).
 */
export async function policyFor(tx: Queryable, form: Pick<CompiledForm, 'id' | 'confidential'>, answers: Data): Promise<CasePolicy | null> {
  const { rows } = await tx.query<{ id: number; data: Data }>(
    `SELECT id, data FROM documents WHERE collection = $1 AND data->>'form' = $2 AND (data->>'enabled')::boolean IS TRUE ORDER BY id`,
    [CASE_POLICIES, form.id],
  );
  for (const row of rows) {
    try {
      const policy = policyOf(row.id, row.data);
      if (policy.firstResponseMs === null && policy.resolveMs === null) continue;
      if (!policy.condition || form.confidential || evaluate(policy.condition, answers)) return policy;
    } catch {
      // unreadable: skipped
    }
  }
  return null;
}
