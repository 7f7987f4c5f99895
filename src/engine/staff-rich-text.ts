// The small text format staff write rich text in (a textarea in the console), and its
// conversion to and from the Lexical JSON the pages render (src/web/pages/docs/RichText.tsx).
// Blocks are separated by a blank line: "## Heading" (### for a smaller one), "> quote", lines of
// "- item" (a bullet list) or "1. item" (a numbered list), otherwise a paragraph whose single line
// breaks are kept. Inside a block: **bold**, *italic* and [text](https://link). Nothing else
// exists, so no markup can reach a page: text stays text, links only http(s), mailto or /path.
type Node = Record<string, unknown>;

const BOLD = 1;
const ITALIC = 2;

export function safeLink(url: string): boolean {
  return /^(https?:|mailto:)/i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
}

const text = (value: string, format = 0): Node => ({ type: 'text', text: value, format, version: 1 });

/** **bold**, *italic* and [label](url) within one line. */
function inline(line: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    if (match.index > at) nodes.push(text(line.slice(at, match.index)));
    if (match[1] !== undefined) nodes.push(text(match[1], BOLD));
    else if (match[2] !== undefined) nodes.push(text(match[2], ITALIC));
    else if (safeLink(match[4])) nodes.push({ type: 'link', fields: { url: match[4], newTab: false, linkType: 'custom' }, children: [text(match[3])], version: 1 });
    else nodes.push(text(match[0]));
    at = match.index + match[0].length;
  }
  if (at < line.length) nodes.push(text(line.slice(at)));
  return nodes;
}

function withBreaks(lines: string[]): Node[] {
  return lines.flatMap((line, i) => (i === 0 ? inline(line) : [{ type: 'linebreak', version: 1 }, ...inline(line)]));
}

function block(lines: string[]): Node {
  const first = lines[0];
  const heading = /^(#{2,3}) (.*)$/.exec(first);
  if (heading && lines.length === 1) return { type: 'heading', tag: heading[1].length === 2 ? 'h2' : 'h3', children: inline(heading[2]), version: 1 };
  if (lines.every((line) => /^- /.test(line))) return { type: 'list', listType: 'bullet', tag: 'ul', children: lines.map((line, i) => ({ type: 'listitem', value: i + 1, children: inline(line.slice(2)), version: 1 })), version: 1 };
  if (lines.every((line) => /^\d+\. /.test(line))) return { type: 'list', listType: 'number', tag: 'ol', children: lines.map((line, i) => ({ type: 'listitem', value: i + 1, children: inline(line.replace(/^\d+\. /, '')), version: 1 })), version: 1 };
  if (lines.every((line) => /^> ?/.test(line))) return { type: 'quote', children: withBreaks(lines.map((line) => line.replace(/^> ?/, ''))), version: 1 };
  return { type: 'paragraph', children: withBreaks(lines), version: 1 };
}

/** The staff member's text as Lexical JSON ({root: {...}}). */
export function richTextToLexical(source: string): Node {
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((part) => part.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '')).filter((lines) => lines.length > 0);
  return { root: { type: 'root', format: '', indent: 0, version: 1, direction: null, children: blocks.map(block) } };
}

const childrenOf = (node: Node): Node[] => (Array.isArray(node.children) ? (node.children as unknown[]).filter((child): child is Node => !!child && typeof child === 'object') : []);

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

/** Lexical JSON (as stored) back as the staff text; unknown nodes keep their text. */
export function lexicalToRichText(value: unknown): string {
  const root = value && typeof value === 'object' ? ((value as Node).root as Node | undefined) : undefined;
  if (!root) return typeof value === 'string' ? value : '';
  return childrenOf(root)
    .map((node) => {
      const inner = inlineText(childrenOf(node));
      if (node.type === 'heading') return `${node.tag === 'h3' ? '###' : '##'} ${inner}`;
      if (node.type === 'quote') return inner.split('\n').map((line) => `> ${line}`).join('\n');
      if (node.type === 'list') return childrenOf(node).map((item, i) => `${node.listType === 'number' ? `${i + 1}.` : '-'} ${inlineText(childrenOf(item))}`).join('\n');
      return inner;
    })
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}
