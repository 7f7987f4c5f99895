// The small rich-text format of content blocks (terms, checklists, notes), written inside a
// form's texts: **bold**, *italic*, [a link](https://…), lines starting with "- " (a list) or
// "1. " (a numbered list), a blank line between paragraphs. Parsed into Payload's Slate node
// shape, so the pages draw it with the same renderer as documents (web/rich-text/RichText.tsx),
// which never builds HTML: everything else stays plain text.

export interface RichLeaf {
  text: string;
  bold?: true;
  italic?: true;
}
export interface RichElement {
  type: 'p' | 'ul' | 'ol' | 'li' | 'link';
  url?: string;
  children: RichNode[];
}
export type RichNode = RichLeaf | RichElement;

/** A link target that cannot run code: http(s), mailto, or a path on this site. */
export function safeHref(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return undefined;
}

// **bold**, *italic*, [label](target, which may hold one level of brackets); a backslash keeps the next character as it is (\* is a star).
const INLINE = /\\([\\*[\]()])|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;

/** One line's text with its marks. */
export function parseInline(source: string, marks: { bold?: true; italic?: true } = {}): RichNode[] {
  const nodes: RichNode[] = [];
  let last = 0;
  const text = (value: string) => {
    if (!value) return;
    const previous = nodes[nodes.length - 1];
    if (previous && 'text' in previous && previous.bold === marks.bold && previous.italic === marks.italic) previous.text += value;
    else nodes.push({ text: value, ...marks });
  };
  for (const match of source.matchAll(INLINE)) {
    text(source.slice(last, match.index));
    last = match.index + match[0].length;
    const [, escaped, bold, italic, label, url] = match;
    if (escaped !== undefined) text(escaped);
    else if (bold !== undefined) nodes.push(...parseInline(bold, { ...marks, bold: true }));
    else if (italic !== undefined) nodes.push(...parseInline(italic, { ...marks, italic: true }));
    else nodes.push({ type: 'link', url, children: parseInline(label, marks) });
  }
  text(source.slice(last));
  return nodes;
}

const BULLET = /^\s*[-•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Paragraphs and lists of a text. */
export function parseRichText(source: string): RichElement[] {
  const blocks: RichElement[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'p', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const line of source.split('\n')) {
    const kind = BULLET.test(line) ? 'ul' : NUMBERED.test(line) ? 'ol' : null;
    if (!kind) {
      if (line.trim()) paragraph.push(line.trim());
      else endParagraph();
      continue;
    }
    endParagraph();
    const item: RichElement = { type: 'li', children: parseInline(line.replace(kind === 'ul' ? BULLET : NUMBERED, '').trim()) };
    const previous = blocks[blocks.length - 1];
    if (previous?.type === kind) previous.children.push(item);
    else blocks.push({ type: kind, children: [item] });
  }
  endParagraph();
  return blocks;
}

/** What is wrong with a text in this format, in words an author can act on (forms:check). */
export function richTextProblems(source: string): string[] {
  const problems: string[] = [];
  if (/<\/?[a-z][^>]*>/i.test(source)) problems.push('HTML tags are shown as typed, not applied: write **bold**, *italic* or [text](https://…) instead');
  for (const match of source.matchAll(/\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g)) {
    if (!safeHref(match[2]))
      problems.push(`the link "${match[1]}" goes to "${match[2]}": links may go only to https://, http://, mailto: or a page of this site (/…)`);
  }
  const withoutEscapes = source.replace(/\\[\\*]/g, '');
  const stars = (withoutEscapes.match(/\*\*/g) ?? []).length;
  if (stars % 2 !== 0) problems.push('a ** that starts bold text is not closed: add ** where the bold text ends (or write \\* for a star)');
  return problems;
}
