// Static text between questions (headings, notes, lists, terms). Rendered as text, never as HTML.
import type { ResolvedField } from '../../../engine/compiled.ts';
import type { Lang } from '../../../engine/definition.ts';
import { formText } from '../../../engine/messages.ts';

type Block = Extract<ResolvedField, { type: 'content' }>;

export function ContentBlock({ formId, block, lang }: { formId: string; block: Block; lang: Lang }) {
  const body = block.text ? formText(formId, block.text, lang) : undefined;
  const items = (block.items ?? []).map((item) => formText(formId, item, lang));
  switch (block.style) {
    case 'heading':
      return <h3 className="content-heading">{body}</h3>;
    case 'note':
      return (
        <p className="content-note" role="note">
          {body}
        </p>
      );
    case 'list':
      return (
        <div className="content-list">
          {body && <p>{body}</p>}
          <ul>
            {items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      );
    case 'terms':
      // A scrollable box must be reachable by keyboard to be read.
      return (
        <div className="content-terms" tabIndex={0} role="region" aria-label={body ?? block.name}>
          {body && <p>{body}</p>}
          {items.map((item, i) => (
            <p key={i}>{item}</p>
          ))}
        </div>
      );
    default:
      return <p className="content-paragraph">{body}</p>;
  }
}
