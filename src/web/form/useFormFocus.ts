// Where focus goes as a form moves: a new step's heading (keyboard and screen-reader users start
// there), or an answer to correct, first going to its step.
import { useEffect, useRef } from 'react';
import { focusField } from './focusField.ts';
import type { StepState } from './steps.ts';

export function useFormFocus(steps: StepState, idPrefix: string) {
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepMoved = useRef(false);
  useEffect(() => {
    if (!stepMoved.current) return;
    stepMoved.current = false;
    stepHeading.current?.focus();
  }, [steps.index]);
  return {
    stepHeading,
    /** Another step, its heading focused. */
    moveToStep(index: number) {
      stepMoved.current = true;
      steps.setIndex(index);
    },
    /** Focuses an answer, first going to its step: on the last step an earlier step's answer can still be wrong (e.g. from a draft). */
    showField(path: string) {
      const step = steps.stepOf(path.split('.')[0]);
      if (steps.steps && step !== steps.index) steps.setIndex(step);
      requestAnimationFrame(() => focusField(path, idPrefix));
    },
  };
}

export type FormFocus = ReturnType<typeof useFormFocus>;
