// Values the server computes itself from validated answers. They are not in the form's schema,
// so a page that sends one is refused as sending an unknown field.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';

/** Net Promoter bands on the standard 0-10 scale: 0-6 detractor, 7-8 passive, 9-10 promoter. */
export function npsBand(score: number): 'detractor' | 'passive' | 'promoter' {
  return score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor';
}

export function applyDerivedValues(form: CompiledForm, data: Record<string, unknown>): void {
  for (const rule of form.derived) {
    const source = data[rule.from];
    if (rule.kind === 'nps' && typeof source === 'number' && Number.isInteger(source)) data[rule.field] = npsBand(source);
  }
}
