// The form body: the definition's sections in order, each with its heading, description,
// questions and static text. A section whose visibleIf fails is not shown at all, nor one
// outside the current step of a form with steps.
import { Fragment } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { evaluate, isVisible } from '../../../engine/checks/conditions.ts';
import type { UiSection } from '../../../engine/compiler/ui-schema.ts';
import type { GuestFormContext } from '../context.ts';
import { ContentBlock } from './ContentBlock.tsx';

export function ObjectFieldTemplate({ properties, uiSchema, registry, fieldPathId }: ObjectFieldTemplateProps) {
  const context = registry.formContext as GuestFormContext;
  const sections = (uiSchema?.['ui:options'] as { sections?: UiSection[] } | undefined)?.sections;
  if (!sections) return <>{properties.map((p) => p.content)}</>;
  const content = new Map(properties.map((p) => [p.name, p.content]));
  return (
    <>
      {sections.map((section) => {
        const definition = context.form.sections.find((s) => s.id === section.id);
        if (context.visibleSections && !context.visibleSections.has(section.id)) return null;
        if (definition?.visibleIf && !evaluate(definition.visibleIf, context.data)) return null;
        const headingId = `${fieldPathId.$id}__section-${section.id}`;
        return (
          <section key={section.id} className="form-section" aria-labelledby={section.title ? headingId : undefined}>
            {section.title && (
              <h2 className="section-title" id={headingId}>
                {section.title}
              </h2>
            )}
            {section.description && <p className="section-description">{section.description}</p>}
            {section.items.map((item) =>
              item.kind === 'field' ? (
                <Fragment key={item.name}>{content.get(item.name)}</Fragment>
              ) : item.block.visibleIf && !isVisible(context.form, item.block.name, context.data) ? null : (
                <ContentBlock key={item.block.name} formId={context.form.id} block={item.block} lang={context.lang} headingLevel={section.title ? 3 : 2} />
              ),
            )}
          </section>
        );
      })}
    </>
  );
}
