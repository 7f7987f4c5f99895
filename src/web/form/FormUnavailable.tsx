// In place of a form that takes no answers now (its definition's opens, closes or limits, as the
// server's availability says): the form's intro (its title, the place the address names) and
// one friendly sentence in the guest's language, with no form to fill in for nothing.
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { FormAvailability } from '../../engine/contract/availability.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { unavailableText } from '../../engine/quotas/availability.ts';
import { FormIntro } from './FormIntro.tsx';
import type { SourcedValues } from './sourcedValues.ts';

export function FormUnavailable({
  form,
  lang,
  sourced,
  availability,
}: {
  form: ResolvedForm;
  lang: Lang;
  sourced: SourcedValues;
  availability: FormAvailability;
}) {
  return (
    <div className="form-unavailable">
      <FormIntro form={form} lang={lang} sourced={sourced} />
      <p className="form-unavailable-text" role="status">
        {unavailableText(availability, lang)}
      </p>
    </div>
  );
}
