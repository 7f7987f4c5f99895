// The follow-up workflow as declared (engine/cases/workflow.ts): where each state leads, that
// resolving names an outcome and reopening is the only way out of resolved; the states the
// database's CHECK allows are the declared ones; and the venues' day that "due today" means.
import { describe, expect, it } from 'vitest';
import { changeProblem, FOLLOW_UP_OUTCOMES, FOLLOW_UP_STATES, FOLLOW_UP_TRANSITIONS, nextStates } from '../../src/engine/cases/workflow.ts';
import { FOLLOW_UP_MIGRATIONS } from '../../src/server/features/followup/migrations.ts';
import { venueDayBounds } from '../../src/web/staff/staffTime.ts';

describe('the follow-up workflow', () => {
  it('every state may be reached, and a resolved case only reopens to in progress', () => {
    expect(new Set(Object.values(FOLLOW_UP_TRANSITIONS).flat())).toEqual(new Set(FOLLOW_UP_STATES));
    expect(nextStates('resolved')).toEqual(['in-progress', 'resolved']);
    expect(nextStates('new')).toEqual([...FOLLOW_UP_STATES]);
    expect(nextStates('waiting-for-guest')).toEqual(['in-progress', 'waiting-for-guest', 'resolved']);
  });

  it('resolving needs an outcome; an outcome goes only with a resolved case; a move not declared is refused', () => {
    expect(changeProblem('in-progress', 'resolved', undefined)).toEqual({ path: 'outcome', kind: 'needed' });
    expect(changeProblem('in-progress', 'resolved', 'recovered')).toBeNull();
    expect(changeProblem('resolved', undefined, 'no-action')).toBeNull();
    expect(changeProblem('resolved', 'resolved', undefined)).toBeNull();
    expect(changeProblem('new', 'in-progress', 'recovered')).toEqual({ path: 'outcome', kind: 'not-resolving' });
    expect(changeProblem('resolved', 'waiting-for-guest', undefined)).toEqual({
      path: 'state',
      kind: 'not-allowed',
      from: 'resolved',
      to: 'waiting-for-guest',
    });
    expect(changeProblem('waiting-for-guest', 'new', undefined)).toMatchObject({ path: 'state' });
  });

  it("the database's CHECKs allow exactly the declared states and outcomes", () => {
    const statements = FOLLOW_UP_MIGRATIONS.flatMap((migration) => migration.statements).join('\n');
    const last = (pattern: RegExp) => [...statements.matchAll(pattern)].at(-1)![1];
    const listed = (sql: string) => [...sql.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
    expect(listed(last(/CHECK \(state IN \(([^)]*)\)\)/g))).toEqual([...FOLLOW_UP_STATES]);
    expect(listed(last(/CHECK \(outcome IN \(([^)]*)\)\)/g))).toEqual([...FOLLOW_UP_OUTCOMES]);
  });
});

describe("the venues' day", () => {
  it('runs from midnight to midnight in Doha (UTC+3), whatever the zone of the browser', () => {
    expect(venueDayBounds(new Date('2026-12-02T20:59:59Z'))).toEqual({ start: '2026-12-01T21:00:00.000Z', end: '2026-12-02T21:00:00.000Z' });
    expect(venueDayBounds(new Date('2026-12-02T21:00:00Z'))).toEqual({ start: '2026-12-02T21:00:00.000Z', end: '2026-12-03T21:00:00.000Z' });
  });
});
