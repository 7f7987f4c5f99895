// A PDF keeps its author, the program and its owner, dates and often more in its document
// information dictionary (/Info) and in XMP metadata streams. They are blanked in place (same
// length, so every byte offset of the cross-reference table stays right). PDFs that can act on
// the reader's machine (scripts, launch or submit actions, attached or embedded files, XFA forms)
// or that cannot be inspected (encrypted, undecodable object streams) are refused.
import zlib from 'node:zlib';

export type PdfProblem = 'fileActiveContent' | 'fileEncrypted' | 'fileDamaged';

export class PdfRefused extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem);
  }
}

/** Names that start or carry active content. /OpenAction is allowed only as a plain destination (open at page 1). */
const ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE|AA)(?=[\s()<>[\]{}/%]|$)|\/OpenAction(?!\s*\[)/;
const DELIMITED_NAME_END = '(?=[\\s()<>[\\]{}/%]|$)';

interface PdfStream {
  /** The dictionary before the `stream` keyword, names decoded. */
  dict: string;
  start: number;
  end: number;
}

/** #xx escapes in names (/J#61vaScript is /JavaScript). */
const decodeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function findStreams(text: string): PdfStream[] {
  const streams: PdfStream[] = [];
  const keyword = /stream(\r\n|\n|\r)/g;
  let match: RegExpExecArray | null;
  while ((match = keyword.exec(text))) {
    const before = text.slice(Math.max(0, match.index - 8), match.index);
    if (!/>>\s*$/.test(before) || text.slice(match.index - 3, match.index) === 'end') continue;
    const objAt = text.lastIndexOf('obj', match.index);
    const dict = decodeNames(text.slice(objAt === -1 ? 0 : objAt, match.index));
    const start = match.index + match[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : -1;
    if (end < 0 || end > text.length || !/^\s*endstream/.test(text.slice(end, end + 32))) end = text.indexOf('endstream', start);
    if (end === -1) throw new PdfRefused('fileDamaged');
    streams.push({ dict, start, end });
    keyword.lastIndex = end;
  }
  return streams;
}

const isFlate = (dict: string) => /\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?/.test(dict) && !/\/Filter\s*\[\s*\/\w+\s+\/\w+/.test(dict);
const hasFilter = (dict: string) => /\/Filter\b/.test(dict);

function inflate(bytes: Buffer): Buffer {
  try {
    return zlib.inflateSync(bytes);
  } catch {
    throw new PdfRefused('fileDamaged');
  }
}

/** The end of the dictionary starting at `open` (<<), skipping strings that may hold brackets. */
function dictionaryEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '(') {
      let nesting = 1;
      for (at++; at < text.length && nesting > 0; at++) {
        if (text[at] === '\\') at++;
        else if (text[at] === '(') nesting++;
        else if (text[at] === ')') nesting--;
      }
      at--;
    } else if (text.startsWith('<<', at)) {
      depth++;
      at++;
    } else if (text.startsWith('>>', at)) {
      depth--;
      at++;
      if (depth === 0) return at + 1;
    } else if (char === '<') {
      at = text.indexOf('>', at);
      if (at === -1) return -1;
    }
  }
  return -1;
}

/** Blanks the dictionary of object `number generation` wherever it starts at one of `starts`; returns whether any was found. */
function blankDictionaries(bytes: Buffer, text: string, starts: number[]): boolean {
  let found = false;
  for (const start of starts) {
    const open = text.indexOf('<<', start);
    if (open === -1 || open - start > 64) continue;
    const close = dictionaryEnd(text, open);
    if (close === -1) continue;
    bytes.fill(0x20, open + 2, close - 2);
    found = true;
  }
  return found;
}

const objectStarts = (text: string, number: string, generation: string, outside: (at: number) => boolean) =>
  [...text.matchAll(new RegExp(`(?<![0-9])${number}\\s+${generation}\\s+obj\\b`, 'g'))].map((match) => match.index).filter(outside);

/** The byte ranges of an object stream's objects, by object number (its header lists number/offset pairs). */
function objectsInStream(dict: string, content: string): Map<string, number> {
  const count = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const numbers = content.slice(0, first).trim().split(/\s+/).map(Number);
  const offsets = new Map<string, number>();
  for (let index = 0; index < count && 2 * index + 1 < numbers.length; index++) offsets.set(String(numbers[2 * index]), first + numbers[2 * index + 1]);
  return offsets;
}

/** Refuses active or unreadable PDFs; returns the PDF without its document information and XMP metadata. */
export function stripPdfMetadata(original: Buffer): Buffer {
  const bytes = Buffer.from(original);
  const text = bytes.toString('latin1');
  const streams = findStreams(text);
  const outsideStreams = (at: number) => !streams.some((stream) => at >= stream.start && at < stream.end);

  // Everything that is not stream data (dictionaries, trailers) plus the objects packed in object streams.
  let structure = '';
  let from = 0;
  for (const stream of streams) {
    structure += text.slice(from, stream.start);
    from = stream.end;
  }
  structure = decodeNames(structure + text.slice(from));
  const packed = streams.filter((stream) => new RegExp(`/Type\\s*/ObjStm${DELIMITED_NAME_END}`).test(stream.dict));
  const unpacked = packed.map((stream) => {
    if (hasFilter(stream.dict) && !isFlate(stream.dict)) throw new PdfRefused('fileDamaged');
    const raw = bytes.subarray(stream.start, stream.end);
    return hasFilter(stream.dict) ? inflate(raw) : Buffer.from(raw);
  });
  const allStructure = structure + unpacked.map((content) => decodeNames(content.toString('latin1'))).join('\n');
  if (/\/Encrypt(?=[\s()<>[\]{}/%]|$)/.test(allStructure)) throw new PdfRefused('fileEncrypted');
  if (ACTIVE.test(allStructure)) throw new PdfRefused('fileActiveContent');

  // Document information: every /Info of every revision, stored plainly or packed in an object stream.
  const infoRefs = [...allStructure.matchAll(/\/Info\s+(\d+)\s+(\d+)\s+R/g)].map((match) => [match[1], match[2]] as const);
  for (const [number, generation] of infoRefs) {
    if (blankDictionaries(bytes, text, objectStarts(text, number, generation, outsideStreams))) continue;
    packed.forEach((stream, index) => {
      const content = unpacked[index];
      const offset = objectsInStream(stream.dict, content.toString('latin1')).get(number);
      if (offset === undefined) return;
      const contentText = content.toString('latin1');
      if (!blankDictionaries(content, contentText, [offset])) return;
      const length = stream.end - stream.start;
      const rewritten = hasFilter(stream.dict) ? zlib.deflateSync(content, { level: 9 }) : content;
      // Same length as before, so no offset moves: readers stop at the end of the compressed data.
      if (rewritten.length > length) throw new PdfRefused('fileDamaged');
      bytes.fill(0x20, stream.start, stream.end);
      rewritten.copy(bytes, stream.start);
    });
  }

  // XMP metadata streams (the document's and any page's or image's).
  for (const stream of streams) {
    if (!new RegExp(`/Type\\s*/Metadata${DELIMITED_NAME_END}`).test(stream.dict)) continue;
    bytes.fill(0x20, stream.start, stream.end);
    if (isFlate(stream.dict)) {
      const empty = zlib.deflateSync(Buffer.alloc(0));
      if (empty.length <= stream.end - stream.start) empty.copy(bytes, stream.start);
    }
  }
  return bytes;
}
