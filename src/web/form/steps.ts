// Forms with steps (definition.steps) show one step's sections at a time. A question belongs to
// the step that lists its section; a section no step lists is shown with the last step. The
// server's HTML shows every step at once, so a guest without JavaScript answers and sends the
// whole form in one post (features/native-post); the steps begin once the page is hydrated.
import { useMemo, useState } from 'react';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import { useHydratedChange } from './useHydrated.ts';

export interface StepState {
  /** null for a form without steps. */
  steps: NonNullable<ResolvedForm['steps']> | null;
  index: number;
  isLast: boolean;
  /** The sections shown now; undefined shows every section. */
  visibleSections: ReadonlySet<string> | undefined;
  /** The step a top-level question is asked in. */
  stepOf: (name: string) => number;
  setIndex: (index: number) => void;
}

export function useSteps(form: ResolvedForm, restoredStep: string | undefined): StepState {
  // The steps begin after hydration: a render more only for a form that has steps.
  const steps = useHydratedChange(() => Boolean(form.steps)) ? (form.steps ?? null) : null;
  const [index, setIndex] = useState(() => Math.max(0, steps?.findIndex((s) => s.id === restoredStep) ?? 0));
  const stepOfField = useMemo(() => {
    const map = new Map<string, number>();
    if (!steps) return map;
    for (const section of form.sections) {
      const at = steps.findIndex((s) => s.sections.includes(section.id));
      for (const field of section.fields) map.set(field.name, at < 0 ? steps.length - 1 : at);
    }
    return map;
  }, [form, steps]);
  const visibleSections = useMemo(() => {
    if (!steps) return undefined;
    const lastStep = index === steps.length - 1;
    const listed = new Set(steps.flatMap((s) => s.sections));
    return new Set(form.sections.filter((s) => steps[index].sections.includes(s.id) || (lastStep && !listed.has(s.id))).map((s) => s.id));
  }, [form, steps, index]);
  return {
    steps,
    index,
    isLast: !steps || index === steps.length - 1,
    visibleSections,
    stepOf: (name) => stepOfField.get(name) ?? 0,
    setIndex,
  };
}
