// forms:check of a definition's dates and limits (engine/quotas/availability.ts): opens and closes
// are real Doha date-times with closes after opens, a limit is a positive count, and a limit per
// venue needs the form to name its venue.
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { dohaInstant } from '../../src/engine/quotas/availability.ts';

export function quotaProblems(definition: FormDefinition, add: (path: string, message: string) => void): void {
  const instants: Partial<Record<'opens' | 'closes', Date>> = {};
  for (const key of ['opens', 'closes'] as const) {
    const text = definition[key];
    if (text === undefined) continue;
    const instant = dohaInstant(text);
    if (instant) instants[key] = instant;
    else add(`$.${key}`, `"${key}" is "${text}", which is no date and time of the calendar: write a real one in Doha time, e.g. "2027-01-05T09:00"`);
  }
  if (instants.opens && instants.closes && instants.closes <= instants.opens)
    add(
      '$.closes',
      `the form closes ("${definition.closes}") before it opens ("${definition.opens}", {at:$.opens}): make "closes" later than "opens", or remove one of them`,
    );
  for (const key of ['maxResponses', 'maxResponsesPerVenue'] as const) {
    const limit = definition[key];
    if (limit !== undefined && limit < 1)
      add(`$.${key}`, `"${key}" is ${limit}: a limit is a number of answers, at least 1 (to stop a form taking answers, give it "closes")`);
  }
  if (definition.maxResponsesPerVenue !== undefined && !definition.venue)
    add(
      '$.maxResponsesPerVenue',
      'a limit per venue needs the form to say which question names its venue: add "venue": { "field": "..." }, or remove "maxResponsesPerVenue"',
    );
}
