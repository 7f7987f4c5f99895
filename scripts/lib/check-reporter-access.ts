// forms:check on a definition's `reporterAccess` (the reporter's two-way case): only on a
// confidential form (its reports are read by their `access` roles alone and never leave in an
// alert), and each reminder comes before the date it reminds of.
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { addPeriod } from '../../src/engine/cases/reporter-case.ts';

type Add = (path: string, message: string) => void;

/** A fixed day to compare periods on (months have their lengths: P1M from 31 January is 3 March). */
const DAY = new Date('2025-01-31T00:00:00Z');

export function reporterAccessProblems(definition: FormDefinition, add: Add): void {
  const access = definition.reporterAccess;
  if (!access) return;
  if (!definition.confidential)
    add('$.reporterAccess', 'reporterAccess needs a confidential form (its reports must stay with their readers): add "confidential": true');
  const pairs = [
    ['acknowledgeReminder', 'acknowledgeWithin'],
    ['feedbackReminder', 'feedbackWithin'],
  ] as const;
  for (const [reminder, due] of pairs)
    if (addPeriod(DAY, access[reminder]) >= addPeriod(DAY, access[due]))
      add(
        `$.reporterAccess.${reminder}`,
        `${reminder} (${access[reminder]}) must be shorter than ${due} (${access[due]}): a reminder comes before the date it reminds of`,
      );
}
