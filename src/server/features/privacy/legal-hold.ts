// Legal hold: a form that records liability evidence with each submission (`submit.evidence`, the
// waivers) keeps its submissions for their whole retention, even when the person asks for erasure:
// the signed waiver is the venue's record of the risk accepted. Derived from the definition, not
// declared again, so a new waiver form is held by being a waiver. Its end is the retention's; an
// evidence form without retention is held until someone deletes it.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';

export const legalHold = (form: Pick<CompiledForm, 'form' | 'retention'>): { held: boolean; retention: string | null } => ({
  held: form.form.submit.evidence === true,
  retention: form.retention,
});
