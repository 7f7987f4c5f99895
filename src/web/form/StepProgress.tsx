import type { Ref } from 'react';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText, t } from '../../engine/text/messages.ts';

/** "Step 1 of 2: title" above the questions, with every step listed and the current one marked. */
export function StepProgress({
  form,
  steps,
  index,
  lang,
  headingRef,
}: {
  form: ResolvedForm;
  steps: NonNullable<ResolvedForm['steps']>;
  index: number;
  lang: Lang;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const title = (i: number) => formText(form.id, steps[i].title, lang);
  return (
    <div className="steps">
      <ol className="steps-list" aria-label={t('progress', lang)}>
        {steps.map((step, i) => (
          <li key={step.id} className={i === index ? 'is-current' : i < index ? 'is-done' : undefined} aria-current={i === index ? 'step' : undefined}>
            <span className="steps-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="steps-title">{title(i)}</span>
          </li>
        ))}
      </ol>
      <h2 className="steps-heading" ref={headingRef} tabIndex={-1}>
        {t('stepOf', lang, { n: index + 1, total: steps.length, title: title(index) })}
      </h2>
    </div>
  );
}
