// PDFs made to get past the PDF check or to hold the server (tests/api/pdf-attacks.test.ts):
// active content hidden where a checker reads the file differently from a viewer, and files
// shaped to cost time or memory. Each hides one script action, object 5, that a link on the
// page runs; nothing else in them is active.
import zlib from 'node:zlib';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A PDF from object bodies (what goes between `N 0 obj` and `endobj`, objects 1, 2, ...), with a correct cross-reference table. */
export function rawPdf(bodies: (string | Buffer)[], trailer = ''): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  bodies.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([latin1(`${index + 1} 0 obj\n`), typeof body === 'string' ? latin1(body) : body, latin1('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(latin1(`${xref}trailer\n<</Size ${bodies.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** Catalog, pages and a page whose link runs the action in object 5. */
const DOCUMENT = [
  '<</Type/Catalog/Pages 2 0 R>>',
  '<</Type/Pages/Kids[3 0 R]/Count 1>>',
  '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Annots[<</Type/Annot/Subtype/Link/Rect[0 0 200 200]/A 5 0 R>>]>>',
];

export const SCRIPT_ACTION = '<</S/JavaScript/JS(app.alert\\(1\\))>>';

/** Object 5 packed as an object stream's content: its header (`5 0 `), then the object. */
export const packedScript = (action = SCRIPT_ACTION) => latin1(`5 0 ${action}`);
const FIRST = '5 0 '.length;

/** A stream object: `dict` and its /Length between << >>, `gap` between >> and `stream`, then the data. */
export const streamBody = (dict: string, data: Buffer, gap = '\n') =>
  Buffer.concat([latin1(`<<${dict}/Length ${data.length}>>${gap}stream\n`), data, latin1('\nendstream')]);

/** The document with object 4 a stream: its dictionary entries, data and the gap before `stream`; `trailer` adds to the trailer. */
export const pdfWithStream = (dict: string, data: Buffer, gap?: string, trailer?: string) => rawPdf([...DOCUMENT, streamBody(dict, data, gap)], trailer);

/** The usual object stream dictionary, compressed. */
export const OBJSTM = `/Type/ObjStm/N 1/First ${FIRST}/Filter/FlateDecode`;

/** PNG predictor rows (columns bytes each), every row with the Sub filter: each byte as the difference from its left neighbour. */
export function pngSubRows(content: Buffer, columns: number): Buffer {
  const rows: Buffer[] = [];
  for (let at = 0; at < content.length; at += columns) {
    const row = content.subarray(at, at + columns);
    rows.push(Buffer.from([1, ...row.map((byte, index) => (index === 0 ? byte : (byte - row[index - 1]) & 0xff))]));
  }
  return Buffer.concat(rows);
}

/** TIFF predictor 2 (one colour, 8 bits): each byte as the difference from its left neighbour within its row. */
export function tiffRows(content: Buffer, columns: number): Buffer {
  return Buffer.from(content.map((byte, index) => (index % columns === 0 ? byte : (byte - content[index - 1]) & 0xff)));
}

/**
 * Each way to hide the script, as a file the check accepted before it was fixed (the
 * test shows it is refused now). `reason`: what the refusal says.
 */
export const BYPASSES: { name: string; file: () => Buffer; reason: 'active' | 'damaged' }[] = [
  {
    // The old check took the dictionary from the last `obj` before `stream`: a name ending in obj cut /Type /ObjStm off.
    name: 'object stream type before a name ending in obj',
    file: () => pdfWithStream(`${OBJSTM}/Xobj true`, zlib.deflateSync(packedScript())),
    reason: 'active',
  },
  {
    name: 'object stream type before a string holding obj',
    file: () => pdfWithStream(`${OBJSTM}/Title(an obj)`, zlib.deflateSync(packedScript())),
    reason: 'active',
  },
  {
    // The old check wanted >> within the 8 characters before `stream`.
    name: 'dictionary ending 17 spaces before stream',
    file: () => pdfWithStream(OBJSTM, zlib.deflateSync(packedScript()), `${' '.repeat(16)}\n`),
    reason: 'active',
  },
  {
    name: 'a comment between the dictionary and stream',
    file: () => pdfWithStream(OBJSTM, zlib.deflateSync(packedScript()), ' % the packed objects\n'),
    reason: 'active',
  },
  {
    // Inflated without undoing the predictor, the content is differences: no name shows.
    name: 'object stream with a PNG predictor',
    file: () => pdfWithStream(`${OBJSTM}/DecodeParms<</Predictor 12/Columns 8>>`, zlib.deflateSync(pngSubRows(packedScript(), 8))),
    reason: 'active',
  },
  {
    name: 'object stream with the TIFF predictor',
    file: () => pdfWithStream(`${OBJSTM}/DecodeParms<</Predictor 2/Colors 1/BitsPerComponent 8/Columns 8>>`, zlib.deflateSync(tiffRows(packedScript(), 8))),
    reason: 'active',
  },
  {
    // pdf.js reads the short /F and /DP (inline image spellings) on any stream.
    name: 'object stream filtered through /F instead of /Filter',
    file: () => pdfWithStream(`/Type/ObjStm/N 1/First ${FIRST}/F/FlateDecode`, zlib.deflateSync(packedScript())),
    reason: 'active',
  },
  {
    // pdf.js and MuPDF read an object stream by /N and /First alone.
    name: 'object stream without /Type /ObjStm',
    file: () => pdfWithStream(`/N 1/First ${FIRST}/Filter/FlateDecode`, zlib.deflateSync(packedScript())),
    reason: 'active',
  },
  {
    name: 'object stream compressed twice',
    file: () => pdfWithStream(`/Type/ObjStm/N 1/First ${FIRST}/Filter[/FlateDecode/FlateDecode]`, zlib.deflateSync(zlib.deflateSync(packedScript()))),
    reason: 'active',
  },
  {
    name: 'escaped names in the object stream and its content',
    file: () => pdfWithStream(`/Type/Obj#53tm/N 1/F#69rst ${FIRST}/F/Fl`, zlib.deflateSync(packedScript('<</S/J#61vaScript/J#53(app.alert\\(1\\))>>'))),
    reason: 'active',
  },
  {
    // NUL is whitespace in PDF, so /Launch ends there; the old check only knew \s.
    name: 'a launch action whose name ends with NUL',
    file: () => rawPdf([...DOCUMENT, '<</Length 0>>\nstream\n\nendstream', '<</S/Launch\0/F(calc.exe)>>']),
    reason: 'active',
  },
  {
    // The cross-reference table can point into stream data: a viewer parses the object it finds there.
    name: 'an object hidden in stream data',
    file: () => {
      const hidden = latin1('q Q\n5 0 obj\n<</S/Launch/F(calc.exe)>>\nendobj\n');
      const pdf = rawPdf([...DOCUMENT, streamBody('', hidden), '<</Type/Annot>>']);
      // Object 5's entry in the table now points at the copy inside object 4's data.
      const at = pdf.indexOf(latin1('5 0 obj\n<</S/Launch'));
      const table = pdf.indexOf(latin1('xref\n'));
      const entry = table + 'xref\n0 6\n'.length + 5 * 20;
      pdf.write(String(at).padStart(10, '0'), entry, 'latin1');
      return pdf;
    },
    reason: 'damaged',
  },
  {
    // pdf.js takes the >> after a key with no value as that value and reads on: for it the
    // dictionary goes on inside what others see as stream data, up to a second >> stream.
    name: 'a key without a value (pdf.js reads on into the data)',
    file: () => {
      const inner = zlib.deflateSync(packedScript());
      const data = Buffer.concat([latin1(`${OBJSTM}/Length ${inner.length}>>stream\n`), inner, latin1('\nendstream')]);
      return rawPdf([...DOCUMENT, Buffer.concat([latin1('<</Dummy>>stream\n'), data, latin1('\nendstream')])]);
    },
    reason: 'damaged',
  },
];

/** The zlib stream of `size` zero bytes, built without holding them: deflated 1 MB blocks repeated, then the end. */
export function zerosDeflated(size: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blocks = Math.ceil(size / (1024 * 1024));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((blocks * 1024 * 1024) % 65521) << 16) | 1, 0); // Adler-32 of zeros: a = 1, b = length
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: blocks }, () => block), zlib.deflateRawSync(Buffer.alloc(0)), adler]);
}

/** An object stream that inflates to `size` bytes of zeros (a zip bomb), in a few hundred kilobytes. */
export const zipBombPdf = (size: number) => pdfWithStream(OBJSTM, zerosDeflated(size));

/** The shape of the first attack: one escaped name, then `>>stream` and `endstream` repeated to `size` bytes. */
export function streamKeywords(size: number): Buffer {
  const head = '%PDF-1.7\n/A#41 ';
  const unit = '>>stream\nendstream\n';
  return latin1(head + unit.repeat(Math.floor((size - head.length) / unit.length)));
}

/** Small, well-formed objects to `size` bytes: the most tokens per byte the check reads without refusing. */
export function manyObjects(size: number): Buffer {
  const unit = '9 0 obj <</A (xxxxx) /B [1 2 3] /C 5 0 R /D <</E/F>>>> endobj\n';
  return latin1(`%PDF-1.7\n${unit.repeat(Math.floor((size - 9) / unit.length))}`);
}

/** A scan: one page whose image data (compressed-looking bytes) fills the file to `size` bytes. */
export function scannedPage(size: number): Buffer {
  const pdf = (data: Buffer) =>
    rawPdf([
      ...DOCUMENT.slice(0, 2),
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Resources<</XObject<</Im1 4 0 R>>>>>>',
      streamBody('/Type/XObject/Subtype/Image/Width 2480/Height 3508/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode', data),
    ]);
  const guess = size - pdf(Buffer.alloc(0)).length - 8;
  const data = Buffer.alloc(guess - (pdf(Buffer.alloc(guess)).length - size)); // exactly `size` bytes in all
  for (let at = 0, state = 1; at < data.length; at++) data[at] = (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24;
  return pdf(data);
}

/** Nested string parentheses to `size` bytes (one long literal string). */
export function nestedStrings(size: number): Buffer {
  const depth = Math.floor((size - 40) / 2);
  return latin1(`%PDF-1.7\n1 0 obj\n${'('.repeat(depth)}${')'.repeat(depth)}\nendobj\n`);
}

/**
 * Object streams whose header lists object 5 `entries` times, each at its own offset (`5 0 5 1
 * 5 2 ...`), stored plainly, `streams` of them, with object 5 named as the document information
 * (/Info 5 0 R): the check looks for /Info's dictionary at every one of those offsets. The
 * issue's file: 100,000 entries, 3 streams, 2.6 MB.
 */
export function packedInfoHeaders(entries: number, streams: number): Buffer {
  const header = Array.from({ length: entries }, (_, index) => `5 ${index} `).join('');
  const content = latin1(`${header}${' '.repeat(entries)}<</Title(x)>>`);
  const stream = streamBody(`/Type/ObjStm/N ${entries}/First ${header.length}`, content);
  return rawPdf([...DOCUMENT, ...Array.from({ length: streams }, () => stream)], '/Info 5 0 R');
}

/**
 * `streams` small streams whose /Length all point at the start of `spaces` spaces at the end of
 * the file (past their own `endstream`): a reader looks there for `endstream`, and finds none.
 */
export function lengthsIntoSpaces(streams: number, spaces: number): Buffer {
  const body = streamBody('', latin1('0 0 m'));
  const placeholder = '/Length 5>>';
  const wide = (value: number) => `/Length ${String(value).padStart(10, '0')}>>`;
  const pdf = Buffer.concat([
    rawPdf([...DOCUMENT, ...Array.from({ length: streams }, () => latin1(body.toString('latin1').replace(placeholder, wide(0))))]),
    latin1(' '.repeat(spaces)),
  ]);
  const end = pdf.length - spaces;
  for (let at = pdf.indexOf(wide(0)); at !== -1; at = pdf.indexOf(wide(0), at + 1)) {
    const start = pdf.indexOf('stream\n', at) + 'stream\n'.length;
    pdf.write(wide(end - start), at, 'latin1');
  }
  return pdf;
}
