// The answers a form shows: where they start (defaults, draft or stored document), the values
// and option lists the route's loader found applied to them whenever those change (during render,
// no effect round trip), and every change kept in the draft.
import { useCallback, useState } from 'react';
import type { ResolvedField, ResolvedForm } from '../../engine/compiler/compiled.ts';
import { pruneHidden } from '../../engine/checks/conditions.ts';
import { todayIso } from '../../engine/text/format.ts';
import type { FormData } from './context.ts';
import { withoutStaleChoices, type OptionDocs } from './optionLists.ts';
import { applySourced, type SourcedValues } from './sourcedValues.ts';
import type { StepState } from './steps.ts';
import type { FormDraft } from './useFormDraft.ts';

interface Options {
  form: ResolvedForm;
  fields: Map<string, ResolvedField>;
  sourced: SourcedValues;
  optionDocs: OptionDocs;
  draft: FormDraft;
  steps: StepState;
}

export function useAnswers({ form, fields, sourced, optionDocs, draft, steps }: Options) {
  const withLoaded = (answers: FormData) => withoutStaleChoices(form, optionDocs, pruneHidden(form, applySourced(answers, sourced, form)));
  const [data, setData] = useState<FormData>(() => withLoaded(withDefaults(fields, draft.restored?.data ?? {})));
  const [applied, setApplied] = useState({ sourced, optionDocs, late: draft.late });
  if (applied.sourced !== sourced || applied.optionDocs !== optionDocs || applied.late !== draft.late) {
    setApplied({ sourced, optionDocs, late: draft.late });
    const late = applied.late !== draft.late ? draft.late : null;
    setData(late ? withLoaded(withDefaults(fields, late.data)) : withLoaded);
    const step = late ? (steps.steps?.findIndex((s) => s.id === late.step) ?? -1) : -1;
    if (step > 0) steps.setIndex(step);
  }
  const stepId = steps.steps?.[steps.index].id;
  const keep = useCallback(
    (next: FormData, step = stepId) => {
      setData(next);
      draft.save(next, step);
    },
    [draft, stepId],
  );
  return { data, keep };
}

/** Date questions that default to today start with today's date. */
function withDefaults(fields: Map<string, ResolvedField>, data: FormData): FormData {
  const next = { ...data };
  for (const field of fields.values()) {
    if (field.type === 'date' && field.default?.today && next[field.name] === undefined) next[field.name] = todayIso();
  }
  return next;
}
