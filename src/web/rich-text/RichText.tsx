// Payload rich text (Lexical JSON, or legacy Slate nodes) as React elements: bold, italic, quote,
// paragraph, heading, link, list and list item. Text is only ever text (React
// escapes it), tags come from allow-lists, links only to http(s), mailto and this site, and
// unknown nodes show their children or nothing. No HTML string is ever built. Content blocks of
// forms (engine/text/rich-text.ts) are parsed into the Slate shape and drawn here too.
import type { ReactNode } from 'react';
import { safeHref } from '../../engine/text/rich-text.ts';

export { safeHref };

type Node = Record<string, unknown>;

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LEXICAL_BOLD = 1;
const LEXICAL_ITALIC = 2;
const LEXICAL_UNDERLINE = 8;

function styled(text: string, bold: boolean, italic: boolean, underline: boolean, key: number): ReactNode {
  let node: ReactNode = text;
  if (underline) node = <u>{node}</u>;
  if (italic) node = <em>{node}</em>;
  if (bold) node = <strong>{node}</strong>;
  return <span key={key}>{node}</span>;
}

function link(url: unknown, newTab: unknown, children: ReactNode, key: number): ReactNode {
  const href = safeHref(url);
  if (!href) return <span key={key}>{children}</span>;
  return newTab ? (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a key={key} href={href}>
      {children}
    </a>
  );
}

const childrenOf = (node: Node): Node[] =>
  Array.isArray(node.children) ? (node.children as unknown[]).filter((c): c is Node => !!c && typeof c === 'object') : [];

function lexical(node: Node, key: number): ReactNode {
  const inner = () => childrenOf(node).map(lexical);
  switch (node.type) {
    case 'text': {
      const format = typeof node.format === 'number' ? node.format : 0;
      return styled(String(node.text ?? ''), (format & LEXICAL_BOLD) !== 0, (format & LEXICAL_ITALIC) !== 0, (format & LEXICAL_UNDERLINE) !== 0, key);
    }
    case 'linebreak':
      return <br key={key} />;
    case 'paragraph':
      return <p key={key}>{inner()}</p>;
    case 'heading': {
      const Tag = (HEADINGS.has(String(node.tag)) ? node.tag : 'h2') as 'h2';
      return <Tag key={key}>{inner()}</Tag>;
    }
    case 'quote':
      return <blockquote key={key}>{inner()}</blockquote>;
    case 'list':
      return node.listType === 'number' ? <ol key={key}>{inner()}</ol> : <ul key={key}>{inner()}</ul>;
    case 'listitem':
      return <li key={key}>{inner()}</li>;
    case 'link':
    case 'autolink': {
      const fields = (node.fields ?? {}) as Node;
      return link(fields.url, fields.newTab, inner(), key);
    }
    default:
      return inner().length ? <span key={key}>{inner()}</span> : null;
  }
}

function slate(node: Node, key: number): ReactNode {
  if (typeof node.text === 'string') return styled(node.text, node.bold === true, node.italic === true, node.underline === true, key);
  const inner = childrenOf(node).map(slate);
  const type = String(node.type ?? '');
  if (HEADINGS.has(type)) {
    const Tag = type as 'h2';
    return <Tag key={key}>{inner}</Tag>;
  }
  switch (type) {
    case 'blockquote':
    case 'quote':
      return <blockquote key={key}>{inner}</blockquote>;
    case 'ul':
      return <ul key={key}>{inner}</ul>;
    case 'ol':
      return <ol key={key}>{inner}</ol>;
    case 'li':
      return <li key={key}>{inner}</li>;
    case 'link':
      return link(node.url, node.newTab, inner, key);
    case '':
    case 'p':
    case 'paragraph':
      return <p key={key}>{inner}</p>;
    default:
      return inner.length ? <span key={key}>{inner}</span> : null;
  }
}

/** Either flavour, told apart by shape: an array is Slate, an object with `root` is Lexical. */
export function RichText({ value }: { value: unknown }) {
  if (Array.isArray(value)) return <>{value.filter((n): n is Node => !!n && typeof n === 'object').map(slate)}</>;
  const root = value && typeof value === 'object' ? (value as { root?: unknown }).root : undefined;
  if (root && typeof root === 'object') return <>{childrenOf(root as Node).map(lexical)}</>;
  return null;
}
