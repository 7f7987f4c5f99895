// The small text format staff write rich text in (a textarea in the console), and its
// conversion to and from the Lexical JSON the pages render (src/web/rich-text/RichText.tsx).
// Blocks are separated by a blank line: "## Heading" (### for a smaller one), "> quote", lines of
// "- item" (a bullet list) or "1. item" (a numbered list), otherwise a paragraph whose single line
// breaks are kept. Inside a block: **bold**, *italic* and [text](https://link). Nothing else
// exists, so no markup can reach a page: text stays text, links only http(s), mailto or /path.
import { parseInline, safeHref, type RichNode } from './rich-text.ts';

type Node = Record<string, unknown>;

const BOLD = 1;
const ITALIC = 2;

/** A link target that cannot run code (the same rule as content blocks: rich-text.ts). */
export const safeLink = (url: string): boolean => safeHref(url) !== undefined;

const text = (value: string, format = 0): Node => ({ type: 'text', text: value, format, version: 1 });

/** Lexical nodes of one line, read with the content blocks' inline grammar (**bold**, *italic*, [label](url)). */
function toLexical(nodes: RichNode[]): Node[] {
  return nodes.map((node) => {
    if ('text' in node) return text(node.text, (node.bold ? BOLD : 0) | (node.italic ? ITALIC : 0));
    const url = safeHref(node.url);
    if (node.type === 'link' && url)
      return { type: 'link', fields: { url, newTab: false, linkType: 'custom' }, children: toLexical(node.children), version: 1 };
    // An unsafe link stays as typed, as text.
    return text(`[${node.children.map((child) => ('text' in child ? child.text : '')).join('')}](${node.url ?? ''})`);
  });
}

const inline = (line: string): Node[] => toLexical(parseInline(line));

function withBreaks(lines: string[]): Node[] {
  return lines.flatMap((line, i) => (i === 0 ? inline(line) : [{ type: 'linebreak', version: 1 }, ...inline(line)]));
}

function block(lines: string[]): Node {
  const first = lines[0];
  const heading = /^(#{2,3}) (.*)$/.exec(first);
  if (heading && lines.length === 1) return { type: 'heading', tag: heading[1].length === 2 ? 'h2' : 'h3', children: inline(heading[2]), version: 1 };
  if (lines.every((line) => /^- /.test(line)))
    return {
      type: 'list',
      listType: 'bullet',
      tag: 'ul',
      children: lines.map((line, i) => ({ type: 'listitem', value: i + 1, children: inline(line.slice(2)), version: 1 })),
      version: 1,
    };
  if (lines.every((line) => /^\d+\. /.test(line)))
    return {
      type: 'list',
      listType: 'number',
      tag: 'ol',
      children: lines.map((line, i) => ({ type: 'listitem', value: i + 1, children: inline(line.replace(/^\d+\. /, '')), version: 1 })),
      version: 1,
    };
  if (lines.every((line) => /^> ?/.test(line))) return { type: 'quote', children: withBreaks(lines.map((line) => line.replace(/^> ?/, ''))), version: 1 };
  return { type: 'paragraph', children: withBreaks(lines), version: 1 };
}

/** The staff member's text as Lexical JSON ({root: {...}}). */
export function richTextToLexical(source: string): Node {
  const blocks = source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) =>
      part
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim() !== ''),
    )
    .filter((lines) => lines.length > 0);
  return { root: { type: 'root', format: '', indent: 0, version: 1, direction: null, children: blocks.map(block) } };
}

const childrenOf = (node: Node): Node[] =>
  Array.isArray(node.children) ? (node.children as unknown[]).filter((child): child is Node => !!child && typeof child === 'object') : [];

function inlineText(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') {
        const value = String(node.text ?? '');
        const format = typeof node.format === 'number' ? node.format : 0;
        if (format & BOLD) return `**${value}**`;
        if (format & ITALIC) return `*${value}*`;
        return value;
      }
      if (node.type === 'linebreak') return '\n';
      if (node.type === 'link' || node.type === 'autolink') {
        const url = String(((node.fields ?? {}) as Node).url ?? '');
        const label = inlineText(childrenOf(node));
        return safeLink(url) ? `[${label}](${url})` : label;
      }
      return inlineText(childrenOf(node));
    })
    .join('');
}

/** Legacy Slate leaves and inline links (Payload 2's rich text, still in older documents) as the staff text. */
function slateInline(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (typeof node.text === 'string') return node.bold === true ? `**${node.text}**` : node.italic === true ? `*${node.text}*` : node.text;
      if (node.type === 'link') {
        const url = String(node.url ?? '');
        const label = slateInline(childrenOf(node));
        return safeLink(url) ? `[${label}](${url})` : label;
      }
      return slateInline(childrenOf(node));
    })
    .join('');
}

function slateToRichText(nodes: Node[]): string {
  return nodes
    .map((node) => {
      const inner = slateInline(childrenOf(node));
      const type = String(node.type ?? '');
      if (/^h[1-6]$/.test(type)) return `${type === 'h3' ? '###' : '##'} ${inner}`;
      if (type === 'blockquote')
        return inner
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
      if (type === 'ul' || type === 'ol')
        return childrenOf(node)
          .map((item, i) => `${type === 'ol' ? `${i + 1}.` : '-'} ${slateInline(childrenOf(item))}`)
          .join('\n');
      return inner;
    })
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

/** Lexical JSON (as stored; or legacy Slate nodes, saved back as Lexical) as the staff text; unknown nodes keep their text. */
export function lexicalToRichText(value: unknown): string {
  if (Array.isArray(value)) return slateToRichText(value.filter((node): node is Node => !!node && typeof node === 'object'));
  const root = value && typeof value === 'object' ? ((value as Node).root as Node | undefined) : undefined;
  if (!root) return typeof value === 'string' ? value : '';
  return childrenOf(root)
    .map((node) => {
      const inner = inlineText(childrenOf(node));
      if (node.type === 'heading') return `${node.tag === 'h3' ? '###' : '##'} ${inner}`;
      if (node.type === 'quote')
        return inner
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
      if (node.type === 'list')
        return childrenOf(node)
          .map((item, i) => `${node.listType === 'number' ? `${i + 1}.` : '-'} ${inlineText(childrenOf(item))}`)
          .join('\n');
      return inner;
    })
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}
