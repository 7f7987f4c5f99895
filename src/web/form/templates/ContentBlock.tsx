// Static text between questions (headings, notes, lists, terms), in the small rich-text format of
// engine/text/rich-text.ts (bold, italic, links, lists), drawn by the documents' renderer: never as HTML.
import type { ResolvedField } from '../../../engine/compiler/compiled.ts';
import type { Lang } from '../../../engine/definition/definition.ts';
import { formText } from '../../../engine/text/messages.ts';
import { parseInline, parseRichText } from '../../../engine/text/rich-text.ts';
import { RichText } from '../../rich-text/RichText.tsx';

type Block = Extract<ResolvedField, { type: 'content' }>;

/** headingLevel: 3 under a section's title (an h2), 2 in a section without one, so headings never skip a level. */
export function ContentBlock({ formId, block, lang, headingLevel }: { formId: string; block: Block; lang: Lang; headingLevel: 2 | 3 }) {
  const body = block.text ? formText(formId, block.text, lang) : undefined;
  const items = (block.items ?? []).map((item) => formText(formId, item, lang));
  const text = body && <RichText value={parseRichText(body)} />;
  const listed = (Tag: 'ul' | 'ol') => (
    <Tag>
      {items.map((item, i) => (
        <li key={i}>
          <RichText value={parseInline(item)} />
        </li>
      ))}
    </Tag>
  );
  switch (block.style) {
    case 'heading': {
      const Heading = headingLevel === 2 ? 'h2' : 'h3';
      return <Heading className="content-heading">{body && <RichText value={parseInline(body)} />}</Heading>;
    }
    case 'note':
      return (
        <div className="content-note" role="note">
          {text}
        </div>
      );
    case 'list':
      return (
        <div className="content-list">
          {text}
          {listed('ul')}
        </div>
      );
    case 'terms':
      // A scrollable box must be reachable by keyboard to be read. Its clauses are numbered by the list.
      return (
        <div className="content-terms" tabIndex={0} role="region" aria-label={body ? plain(body) : block.name}>
          {text}
          {listed('ol')}
        </div>
      );
    default:
      return <div className="content-paragraph">{text}</div>;
  }
}

/** A text without its marks, for an accessible name. */
const plain = (source: string) => source.replace(/\*\*|\*|\\(?=[\\*])/g, '').replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()\s]*\))+\)/g, '$1');
