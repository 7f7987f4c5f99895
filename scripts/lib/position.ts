// Where a JSON path ("$.sections[1].fields[0].label") is in a file's text, as line and column,
// so forms:check can say "forms/dining-survey.json:31:7". jsonc-parser keeps the offsets.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export interface Position {
  line: number;
  column: number;
}

/** "$.sections[1].fields[0].label" → ['sections', 1, 'fields', 0, 'label']; `$["a-b"]` keys too. */
export function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const match of path.slice(1).matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(JSON.parse(`"${match[3]}"`));
  }
  return segments;
}

/** The line and column (1-based) of a path: its key when it is an object member, else its value; a missing path points at its nearest existing parent. */
export function positionOf(text: string, path: string): Position {
  const root = parseTree(text);
  if (!root) return { line: 1, column: 1 };
  const segments = pathSegments(path);
  let node: Node | undefined;
  for (let n = segments.length; n >= 0 && !node; n--) node = findNodeAtLocation(root, segments.slice(0, n));
  const at = node?.parent?.type === 'property' ? node.parent : (node ?? root);
  return lineColumn(text, at.offset);
}

export function lineColumn(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}
