// A PDF keeps its author, the program and its owner, dates and often more in its document
// information dictionary (/Info) and in XMP metadata streams. They are blanked in place (same
// length, so every byte offset of the cross-reference table stays right). PDFs that can act on
// the reader's machine (scripts, launch or submit actions, attached or embedded files, XFA forms)
// or that cannot be inspected (encrypted, undecodable object streams, structure readers could
// read in different ways) are refused.
//
// The work is linear in the file's size: one forward pass finds the streams and objects
// (features/uploads/pdf-scan.ts), object streams are inflated within a byte budget for the whole
// file, and the number of streams is capped. Uploads are also checked off the request thread with
// a time budget (features/uploads/inspection-pool.ts), so no file can hold the server.
//
// Not a PDF library: pdf-lib and pdf.js parse every object of the document (pdf-lib has taken
// minutes on odd but valid files, Hopding/pdf-lib#95; pdf.js also repairs broken files and
// brings a font and script surface, CVE-2024-4367), neither says which objects a viewer could
// reach, and pdf-lib would rewrite the file. The check would still be needed on top of either.
import zlib from 'node:zlib';
import { decodeFlate, encodeFlate, FilterUnsupported, flateStep, InflateBudgetSpent, type FlateStep, type InflateBudget } from './pdf-filters.ts';
import { decodeNames, dictionaryAt, PdfUnreadable, scanPdf, type PdfDict, type PdfStream, type PdfValue } from './pdf-scan.ts';

export type PdfProblem = 'fileActiveContent' | 'fileEncrypted' | 'fileDamaged';

export class PdfRefused extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem);
  }
}

/** More streams than any real document of the largest upload has; each costs memory and, for object streams, an inflate. */
export const MAX_STREAMS = 50_000;
export const MAX_OBJECT_STREAMS = 2_000;
/** What all object streams of one file may inflate to, together. */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Distinct /Info objects (one per revision at most; revisions usually share one). */
const MAX_INFO_OBJECTS = 64;
/** Objects of one object stream looked at for /Info (producers pack a few hundred). */
const MAX_PACKED_OBJECTS = 100_000;

/** A name ends at whitespace (NUL included), a delimiter or the end. Wider than PDF's whitespace on purpose: more is refused, never less. */
const NAME_END = '(?=[\\0\\s()<>[\\]{}/%]|$)';
/** Names that start or carry active content. /OpenAction is allowed only as a plain destination (open at page 1). */
const ACTIVE = new RegExp(`/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE|AA)${NAME_END}|/OpenAction(?![\\0\\s]*\\[)`);
const ENCRYPT = new RegExp(`/Encrypt${NAME_END}`);
const OBJECT_STREAM_TYPE = new RegExp(`/ObjStm${NAME_END}`);
const METADATA_TYPE = new RegExp(`/Type[\\0\\s]*/Metadata${NAME_END}`);
const INFO_REF = /\/Info[\0\s]+(\d+)[\0\s]+(\d+)[\0\s]+R/g;

/** Refuses text (names decoded) that holds encryption or active content; returns the /Info objects it names. */
function inspect(decoded: string, infoRefs: Set<string>) {
  if (ENCRYPT.test(decoded)) throw new PdfRefused('fileEncrypted');
  if (ACTIVE.test(decoded)) throw new PdfRefused('fileActiveContent');
  for (const match of decoded.matchAll(INFO_REF)) infoRefs.add(`${Number(match[1])} ${Number(match[2])}`);
}

/**
 * Whether readers may take the stream for an object stream: pdfium wants /Type /ObjStm, pdf.js
 * only /N and /First, MuPDF only /N. Any of them is enough here (an ICC profile has /N too, and
 * is read like one: harmless).
 */
const mayHoldObjects = (text: string, stream: PdfStream) =>
  stream.dict.entries.has('N') || stream.dict.entries.has('First') || OBJECT_STREAM_TYPE.test(decodeNames(text.slice(stream.dictOpen, stream.dictClose)));

const integer = (value: PdfValue | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (value.kind === 'number' && Number.isInteger(value.value)) return value.value;
  throw new FilterUnsupported('a parameter that is not an integer');
};

function stepOf(params: PdfValue | undefined): FlateStep {
  if (params === undefined || params.kind === 'other') return flateStep(null); // absent or null
  if (params.kind !== 'dict') throw new FilterUnsupported('decode parameters');
  const { entries, repeated } = params.dict;
  if (repeated.size > 0) throw new FilterUnsupported('repeated decode parameters');
  return flateStep({
    Predictor: integer(entries.get('Predictor')),
    Colors: integer(entries.get('Colors')),
    BitsPerComponent: integer(entries.get('BitsPerComponent')),
    Columns: integer(entries.get('Columns')),
  });
}

/**
 * The Flate steps of a stream whose content is read (empty: stored plainly). pdf.js also reads
 * the short keys /F and /DP, so a stream giving both spellings, or any key twice, is refused.
 */
function flateSteps(dict: PdfDict): FlateStep[] {
  const { entries, repeated } = dict;
  for (const key of ['Filter', 'F', 'DecodeParms', 'DP', 'N', 'First', 'Type']) if (repeated.has(key)) throw new FilterUnsupported(`repeated /${key}`);
  if ((entries.has('Filter') && entries.has('F')) || (entries.has('DecodeParms') && entries.has('DP'))) throw new FilterUnsupported('two spellings');
  const filter = entries.get('Filter') ?? entries.get('F');
  const params = entries.get('DecodeParms') ?? entries.get('DP');
  const isFlate = (value: PdfValue) => value.kind === 'name' && (value.name === 'FlateDecode' || value.name === 'Fl');
  if (filter === undefined || filter.kind === 'other') return []; // none, null, or something readers ignore
  if (filter.kind === 'name') {
    if (!isFlate(filter)) throw new FilterUnsupported(`filter ${filter.name}`);
    return [stepOf(params)];
  }
  if (filter.kind !== 'array' || !filter.items.every(isFlate)) throw new FilterUnsupported('filters');
  // With several filters, readers take parameters only from an array (one entry per filter).
  if (params !== undefined && params.kind !== 'array' && params.kind !== 'other') throw new FilterUnsupported('decode parameters');
  return filter.items.map((_, index) => stepOf(params?.kind === 'array' ? params.items[index] : undefined));
}

interface ObjectStream {
  stream: PdfStream;
  steps: FlateStep[];
  content: Buffer;
}

function readObjectStream(bytes: Buffer, stream: PdfStream, budget: InflateBudget): ObjectStream {
  try {
    const steps = flateSteps(stream.dict);
    const raw = bytes.subarray(stream.start, stream.end);
    return { stream, steps, content: steps.length === 0 ? Buffer.from(raw) : decodeFlate(raw, steps, budget) };
  } catch (error) {
    if (error instanceof FilterUnsupported || error instanceof InflateBudgetSpent) throw new PdfRefused('fileDamaged');
    throw error;
  }
}

/**
 * The spans of the dictionaries of objects `wanted` packed in an object stream. Its header lists
 * number/offset pairs; each object is read only up to the next one's offset, so however the
 * header is made, no byte of the content is read twice.
 */
function packedDictionaries(dict: PdfDict, content: string, wanted: Set<number>): [number, number][] {
  const count = dict.entries.get('N');
  const first = dict.entries.get('First');
  if (count?.kind !== 'number' || first?.kind !== 'number' || first.value < 0) return [];
  const header = /[\0\s]*(\d+)[\0\s]+(\d+)/y;
  const offsets = new Set<number>();
  const starts: number[] = [];
  for (let index = 0; index < Math.min(count.value, MAX_PACKED_OBJECTS); index++) {
    const pair = header.exec(content);
    if (!pair || header.lastIndex > first.value) break;
    const offset = first.value + Number(pair[2]);
    if (offset >= content.length) continue;
    starts.push(offset);
    if (wanted.has(Number(pair[1]))) offsets.add(offset);
  }
  // One walk over both lists in order: the header may name the wanted object at every offset it lists.
  starts.sort((a, b) => a - b);
  const spans: [number, number][] = [];
  let next = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    while (next < starts.length && starts[next] <= offset) next++;
    const span = dictionaryAt(content, offset, next < starts.length ? starts[next] : content.length);
    if (span) spans.push(span);
  }
  return spans;
}

const blank = (bytes: Buffer, [open, close]: [number, number]) => bytes.fill(0x20, open + 2, close - 2);

/** Blanks the packed /Info dictionaries of an object stream and writes it back in the same place (readers stop at the end of the compressed data). */
function blankPackedInfo(bytes: Buffer, packed: ObjectStream, infoNumbers: Set<number>) {
  const { stream, steps, content } = packed;
  const spans = packedDictionaries(stream.dict, content.toString('latin1'), infoNumbers);
  if (spans.length === 0) return;
  for (const span of spans) blank(content, span);
  const rewritten = steps.length === 0 ? content : encodeFlate(content, steps);
  if (rewritten.length > stream.end - stream.start) throw new PdfRefused('fileDamaged');
  bytes.fill(0x20, stream.start, stream.end);
  rewritten.copy(bytes, stream.start);
}

/** Refuses active or unreadable PDFs; returns the PDF without its document information and XMP metadata. */
export function stripPdfMetadata(original: Buffer): Buffer {
  const bytes = Buffer.from(original);
  const text = bytes.toString('latin1');
  let streams: PdfStream[];
  let objectDictionaries: number[];
  try {
    ({ streams, objectDictionaries } = scanPdf(text, MAX_STREAMS));
  } catch (error) {
    if (error instanceof PdfUnreadable) throw new PdfRefused('fileDamaged');
    throw error;
  }

  // Everything that is not stream data: the objects, dictionaries, strings, comments, trailers.
  const infoRefs = new Set<string>();
  let from = 0;
  const structure: string[] = [];
  for (const stream of streams) {
    structure.push(text.slice(from, stream.start));
    from = stream.end;
  }
  structure.push(text.slice(from));
  inspect(decodeNames(structure.join('\n')), infoRefs);

  // The objects packed in object streams (or in anything a reader may take for one).
  const budget: InflateBudget = { bytes: MAX_INFLATED_BYTES };
  const candidates = streams.filter((stream) => mayHoldObjects(text, stream));
  if (candidates.length > MAX_OBJECT_STREAMS) throw new PdfRefused('fileDamaged');
  const packed = candidates.map((stream) => {
    const read = readObjectStream(bytes, stream, budget);
    inspect(decodeNames(read.content.toString('latin1')), infoRefs);
    return read;
  });

  // Document information: every /Info of every revision, stored plainly or packed in an object stream.
  if (infoRefs.size > MAX_INFO_OBJECTS) throw new PdfRefused('fileDamaged');
  for (let at = 0; at < objectDictionaries.length; at += 4) {
    if (infoRefs.has(`${objectDictionaries[at]} ${objectDictionaries[at + 1]}`)) blank(bytes, [objectDictionaries[at + 2], objectDictionaries[at + 3]]);
  }
  const infoNumbers = new Set([...infoRefs].map((ref) => Number(ref.split(' ')[0])));
  if (infoNumbers.size > 0) for (const stream of packed) blankPackedInfo(bytes, stream, infoNumbers);

  // XMP metadata streams (the document's and any page's or image's).
  for (const stream of streams) {
    if (!METADATA_TYPE.test(decodeNames(text.slice(stream.dictOpen, stream.dictClose)))) continue;
    bytes.fill(0x20, stream.start, stream.end);
    let steps: FlateStep[] = [];
    try {
      steps = flateSteps(stream.dict);
    } catch {
      // not Flate: spaces it is
    }
    if (steps.length === 1 && steps[0].predictor === 1) {
      const empty = zlib.deflateSync(Buffer.alloc(0));
      if (empty.length <= stream.end - stream.start) empty.copy(bytes, stream.start);
    }
  }
  return bytes;
}
