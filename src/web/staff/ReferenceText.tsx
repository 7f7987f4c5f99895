// Text that quotes a submission's reference (an alert's subject: "A guest rated Cova Poor
// (FVWD-J9NQ-ZV)"): the reference is set apart, left to right inside Arabic and never broken at its
// hyphens, while the words around it wrap as text does.
import { Fragment } from 'react';

export function ReferenceText({ text, reference }: { text: string; reference: string }) {
  const parts = reference ? text.split(reference) : [text];
  return (
    <bdi>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <bdi dir="ltr" className="console-reference">
              {reference}
            </bdi>
          )}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
