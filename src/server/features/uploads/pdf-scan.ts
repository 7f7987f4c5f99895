// One forward pass over a PDF's bytes (read as latin1 text), tokenised the way readers tokenise
// an object: whitespace, comments, literal and hex strings, names, numbers, keywords, << >> and
// [ ]. It finds every stream (an object's dictionary, then the `stream` keyword after any
// whitespace or comments, then data up to `endstream`) and where each numbered object's
// dictionary lies. Every character is looked at a bounded number of times, so a file of any
// shape costs time in proportion to its size; nesting is capped.
//
// Readers do not read a PDF front to back: the cross-reference table sends them to an offset,
// and they parse the object they find there. So the pass refuses (PdfUnreadable) what would let
// a reader see an object or a stream this pass does not:
// - an `N G obj` header inside text it does not read as tokens (stream data, a string, a comment);
// - structure readers disagree on (see `ambiguous` below).

export class PdfUnreadable extends Error {}

const WHITESPACE = 1;
const DELIMITER = 2;
/** 0 for regular characters, else WHITESPACE or DELIMITER (PDF 32000-1 7.2.2; NUL is whitespace). */
const KIND = new Uint8Array(256);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) KIND[code] = WHITESPACE;
for (const char of '()<>[]{}/%') KIND[char.charCodeAt(0)] = DELIMITER;

const LF = 0x0a;
const CR = 0x0d;
const PERCENT = 0x25;
const isRegular = (code: number) => code > 0xff || KIND[code] === 0;
const isSpace = (code: number) => code <= 0xff && KIND[code] === WHITESPACE;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
/** What a number is written with: 0-9 . + - */
const isNumberChar = (code: number) => isDigit(code) || code === 0x2e || code === 0x2b || code === 0x2d;
/** ... and, for pdf.js, an exponent too (`0e0` is 0): wider on purpose where headers are looked for. */
const isNumberLike = (code: number) => isNumberChar(code) || code === 0x45 || code === 0x65;
/** The last character of a number: a digit or a point. */
const endsNumber = (code: number) => isDigit(code) || code === 0x2e;

export type TokenType = 'dictOpen' | 'dictClose' | 'arrayOpen' | 'arrayClose' | 'name' | 'number' | 'keyword' | 'string' | 'other' | 'eof';

/** Where text that is not read as tokens (inside strings and comments) is reported. */
type HiddenText = (from: number, to: number) => void;

/** The start of the next line after `at` (past \r\n, \n or \r), or -1 when no line end follows. */
export function nextLine(text: string, at: number): number {
  for (let index = at; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === LF) return index + 1;
    if (code === CR) return text.charCodeAt(index + 1) === LF ? index + 2 : index + 1;
  }
  return -1;
}

/** Reads tokens from `at` to `end`; after next(), `start` and `end` of the token are in tokenStart/tokenEnd. */
export class Lexer {
  tokenStart = 0;
  tokenEnd = 0;

  constructor(
    private readonly text: string,
    public at: number,
    private readonly end: number,
    private readonly hidden?: HiddenText,
  ) {}

  /** The token's text. */
  source(): string {
    return this.text.slice(this.tokenStart, this.tokenEnd);
  }

  /** Whether the token is the keyword `word`. */
  is(word: string): boolean {
    return this.tokenEnd - this.tokenStart === word.length && this.text.startsWith(word, this.tokenStart);
  }

  /** Whether the token (a number) is a non-negative integer written with digits only. */
  isInteger(): boolean {
    return this.integerValue() >= 0;
  }

  /** The token's value when it is a non-negative integer written with digits only, else -1. */
  integerValue(): number {
    let value = 0;
    for (let at = this.tokenStart; at < this.tokenEnd; at++) {
      const code = this.text.charCodeAt(at);
      if (!isDigit(code)) return -1;
      value = value * 10 + code - 0x30;
    }
    return this.tokenEnd > this.tokenStart ? value : -1;
  }

  /** The next token's type; whitespace and comments are skipped (comments are transparent, as for readers). */
  next(): TokenType {
    const { text, end } = this;
    let at = this.at;
    for (;;) {
      if (at >= end) return this.token('eof', end, end);
      const code = text.charCodeAt(at);
      if (isSpace(code)) at++;
      else if (code === PERCENT) {
        let close = at + 1;
        while (close < end && text.charCodeAt(close) !== LF && text.charCodeAt(close) !== CR) close++;
        this.hidden?.(at + 1, close);
        at = close;
      } else break;
    }
    const start = at;
    const code = text.charCodeAt(at);
    switch (code) {
      case 0x28: {
        // ( literal string ): balanced parentheses, a backslash escapes the next character
        let depth = 0;
        let close = at;
        for (; close < end; close++) {
          const char = text.charCodeAt(close);
          if (char === 0x5c) close++;
          else if (char === 0x28) depth++;
          else if (char === 0x29 && --depth === 0) break;
        }
        const after = Math.min(close + 1, end);
        this.hidden?.(at + 1, after);
        return this.token('string', start, after);
      }
      case 0x3c: {
        if (text.charCodeAt(at + 1) === 0x3c) return this.token('dictOpen', start, at + 2);
        let close = at + 1;
        while (close < end && text.charCodeAt(close) !== 0x3e) close++;
        this.hidden?.(at + 1, close);
        return this.token('string', start, Math.min(close + 1, end));
      }
      case 0x3e:
        return text.charCodeAt(at + 1) === 0x3e ? this.token('dictClose', start, at + 2) : this.token('other', start, at + 1);
      case 0x5b:
        return this.token('arrayOpen', start, at + 1);
      case 0x5d:
        return this.token('arrayClose', start, at + 1);
      case 0x29:
      case 0x7b:
      case 0x7d:
        return this.token('other', start, at + 1);
      case 0x2f: {
        let close = at + 1;
        while (close < end && isRegular(text.charCodeAt(close))) close++;
        return this.token('name', start, close);
      }
    }
    let close = at;
    if (isNumberChar(code)) {
      // Readers take a number as far as it goes: `0obj` is 0, then obj.
      if (code === 0x2b || code === 0x2d) close++;
      while (close < end && (isDigit(text.charCodeAt(close)) || text.charCodeAt(close) === 0x2e)) close++;
      if (close > at + 1 || isDigit(code)) return this.token('number', start, close);
      close = at;
    }
    while (close < end && isRegular(text.charCodeAt(close))) close++;
    return this.token('keyword', start, close);
  }

  private token(type: TokenType, start: number, end: number): TokenType {
    this.tokenStart = start;
    this.tokenEnd = end;
    this.at = end;
    return type;
  }
}

const hexValue = (code: number) => (isDigit(code) ? code - 0x30 : code >= 0x41 && code <= 0x46 ? code - 0x37 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1);

/** #xx escapes in names (/J#61vaScript is /JavaScript), decoded wherever they are; `text` is latin1. */
export function decodeNames(text: string): string {
  if (!text.includes('#')) return text;
  const out = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x23 && at + 2 < text.length) {
      const high = hexValue(text.charCodeAt(at + 1));
      const low = hexValue(text.charCodeAt(at + 2));
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        at += 2;
        continue;
      }
    }
    out[length++] = code;
  }
  return out.toString('latin1', 0, length);
}

export type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; number: number; generation: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; dict: PdfDict }
  | { kind: 'other' };

export interface PdfDict {
  entries: Map<string, PdfValue>;
  /** Keys given more than once (readers keep the last; the check refuses where it matters). */
  repeated: Set<string>;
}

/** Deeper nesting is refused: no document needs it, and it would only cost memory. */
const MAX_DEPTH = 64;

/** The value whose first token (of type `type`) the lexer has just read. */
function parseValue(lexer: Lexer, type: TokenType, depth: number): PdfValue {
  if (depth > MAX_DEPTH) throw new PdfUnreadable('nested too deeply');
  switch (type) {
    case 'name':
      return { kind: 'name', name: decodeNames(lexer.source().slice(1)) };
    case 'number': {
      const value = Number(lexer.source());
      if (lexer.isInteger()) {
        // `N G R` is a reference: look two tokens ahead, and step back if it is not one.
        const back = lexer.at;
        if (lexer.next() === 'number' && lexer.isInteger()) {
          const generation = Number(lexer.source());
          if (lexer.next() === 'keyword' && lexer.is('R')) return { kind: 'ref', number: value, generation };
        }
        lexer.at = back;
      }
      return { kind: 'number', value: Number.isFinite(value) ? value : 0 };
    }
    case 'arrayOpen': {
      const items: PdfValue[] = [];
      for (let next = lexer.next(); next !== 'arrayClose' && next !== 'eof'; next = lexer.next()) items.push(parseValue(lexer, next, depth + 1));
      return { kind: 'array', items };
    }
    case 'dictOpen':
      return { kind: 'dict', dict: parseDictBody(lexer, depth + 1) };
    default:
      return { kind: 'other' };
  }
}

/** The entries up to the `>>` that closes a dictionary whose `<<` was just read. Keys that are not names are skipped. */
function parseDictBody(lexer: Lexer, depth: number): PdfDict {
  const dict: PdfDict = { entries: new Map(), repeated: new Set() };
  for (let next = lexer.next(); next !== 'dictClose' && next !== 'eof'; next = lexer.next()) {
    if (next !== 'name') continue;
    const key = decodeNames(lexer.source().slice(1));
    const value = lexer.next();
    if (value === 'dictClose' || value === 'eof') break;
    if (dict.entries.has(key)) dict.repeated.add(key);
    dict.entries.set(key, parseValue(lexer, value, depth));
  }
  return dict;
}

/** The dictionary whose `<<` is at `open` and whose `>>` ends at `close`. */
export function parseDict(text: string, open: number, close: number): PdfDict {
  return parseDictBody(new Lexer(text, open + 2, close), 1);
}

/** The span [open, close) of the dictionary starting at `at` (after whitespace and comments) and closed before `end`, or null. */
export function dictionaryAt(text: string, at: number, end = text.length): [number, number] | null {
  const lexer = new Lexer(text, at, end);
  if (lexer.next() !== 'dictOpen') return null;
  const open = lexer.tokenStart;
  let depth = 1;
  for (let next = lexer.next(); next !== 'eof'; next = lexer.next()) {
    if (next === 'dictOpen') depth++;
    else if (next === 'dictClose' && --depth === 0) return [open, lexer.tokenEnd];
  }
  return null;
}

/**
 * Refuses `N G obj` headers in text that is not read as tokens. Finds each `obj` keyword once with
 * a cursor that only moves forward (the pieces of hidden text come in file order), then looks
 * back within the piece for the generation and object numbers, over whitespace and comments.
 */
class HiddenHeaders {
  /** The next `obj` keyword at or after the last search, -1 when there is none, -2 before the first search. */
  private next = -2;

  constructor(private readonly text: string) {}

  check(from: number, to: number): void {
    for (;;) {
      if (this.next === -2 || (this.next !== -1 && this.next < from)) this.find(from);
      if (this.next === -1 || this.next + 3 > to) return;
      if (this.headerEndsAt(this.next, from)) throw new PdfUnreadable('an object header inside data, a string or a comment');
      this.find(this.next + 3);
    }
  }

  /** `obj` after a delimiter, whitespace or a digit, before a delimiter or whitespace. */
  private find(from: number) {
    const { text } = this;
    for (let at = text.indexOf('obj', from); at !== -1; at = text.indexOf('obj', at + 1)) {
      const before = at === 0 ? 0x20 : text.charCodeAt(at - 1);
      const after = at + 3 < text.length ? text.charCodeAt(at + 3) : 0x20;
      if ((!isRegular(before) || isNumberLike(before)) && !isRegular(after)) {
        this.next = at;
        return;
      }
    }
    this.next = -1;
  }

  /** Index of the last character at or before `at` that is neither whitespace nor in a comment (>= min), or below min. */
  private skipSpaceBack(at: number, min: number): number {
    const { text } = this;
    let index = at;
    while (index >= min) {
      const code = text.charCodeAt(index);
      if (code === LF || code === CR) {
        // The line before may end in a comment: whatever follows its first % is skipped.
        let lineStart = index - 1;
        while (lineStart >= min && text.charCodeAt(lineStart) !== LF && text.charCodeAt(lineStart) !== CR) lineStart--;
        let percent = -1;
        for (let scan = lineStart + 1; scan < index && percent === -1; scan++) if (text.charCodeAt(scan) === PERCENT) percent = scan;
        index = percent === -1 ? index - 1 : percent - 1;
      } else if (isSpace(code)) index--;
      else return index;
    }
    return index;
  }

  /** Whether `obj` at `at` follows two numbers (`N G obj`), as far as the text from `min` shows. */
  private headerEndsAt(at: number, min: number): boolean {
    let index = this.skipSpaceBack(at - 1, min);
    if (index < min || !endsNumber(this.text.charCodeAt(index))) return false;
    while (index >= min && isNumberLike(this.text.charCodeAt(index))) index--;
    const before = this.skipSpaceBack(index, min);
    return before !== index && before >= min && endsNumber(this.text.charCodeAt(before));
  }
}

export interface PdfStream {
  /** The stream's dictionary: its `<<` and the end of its `>>`. */
  dictOpen: number;
  dictClose: number;
  dict: PdfDict;
  /** The stream data. */
  start: number;
  end: number;
}

export interface PdfScan {
  streams: PdfStream[];
  /**
   * The dictionary of each numbered object stored outside object streams, four numbers per
   * object: number, generation, the dictionary's `<<` and the end of its `>>`.
   */
  objectDictionaries: number[];
}

/**
 * How far after start + /Length `endstream` is looked for. Every stream's /Length may point at the
 * same far place: without a bound each would read on from there (a long run of spaces, an open
 * string), once per stream. The spec puts one end of line there.
 */
const LENGTH_SLACK = 256;

/** The stream's data ends at start + /Length when `endstream` follows there, else at the first `endstream` (as readers do). */
function streamEnd(text: string, dict: PdfDict, start: number): number {
  const length = dict.entries.get('Length');
  if (length?.kind === 'number' && Number.isInteger(length.value) && length.value >= 0 && start + length.value <= text.length) {
    const lexer = new Lexer(text, start + length.value, Math.min(text.length, start + length.value + LENGTH_SLACK));
    if (lexer.next() === 'keyword' && lexer.is('endstream')) return start + length.value;
  }
  const end = text.indexOf('endstream', start);
  if (end === -1) throw new PdfUnreadable('a stream without endstream');
  return end;
}

/**
 * Refused as ambiguous, because readers disagree on them and one of them could see a stream or an
 * object the others do not: a key that is not a name, a key without a value (pdf.js takes the `>>`
 * as the value and reads on), `>>` inside an array, `stream` anywhere but right after an object's
 * own dictionary, `obj` or `endobj` inside an open dictionary or array, and inline images (BI)
 * outside page content, whose data pdf.js would skip as binary.
 */
const ambiguous = (what: string) => new PdfUnreadable(`ambiguous structure: ${what}`);

const DICT = 1;
const ARRAY = 2;

export function scanPdf(text: string, maxStreams: number): PdfScan {
  const hidden = new HiddenHeaders(text);
  const lexer = new Lexer(text, 0, text.length, (from, to) => hidden.check(from, to));
  const streams: PdfStream[] = [];
  const objectDictionaries: number[] = [];
  // The open dictionaries and arrays, innermost last: no allocation per token.
  const kind = new Uint8Array(MAX_DEPTH);
  const open = new Float64Array(MAX_DEPTH);
  /** In a dictionary: whether the next token is a key. */
  const expectKey = new Uint8Array(MAX_DEPTH);
  /** In a dictionary, after an integer value: 1, then 2 after a second integer (a reference `N G R` being read). */
  const reference = new Uint8Array(MAX_DEPTH);
  let depth = 0;
  let closedOpen = -1; // the `<<` of an object's own dictionary, when the previous token closed it
  let closedEnd = -1;
  let number = -1; // the two previous tokens, when integers: `N G` before `obj`
  let generation = -1;
  let headerNumber = -1; // `N G` while the previous token is their `obj`
  let headerGeneration = -1;
  let objectOpen = -1; // the `<<` of the dictionary that is an object's value, until it closes
  let objectNumber = -1;
  let objectGeneration = -1;

  for (let type = lexer.next(); type !== 'eof'; type = lexer.next()) {
    const afterDict = closedOpen;
    const afterHeader = headerNumber >= 0;
    closedOpen = -1;
    const keyword = type === 'keyword';
    const integer = type === 'number' ? lexer.integerValue() : -1;
    const top = depth > 0 ? kind[depth - 1] : 0;

    if (keyword && lexer.is('stream')) {
      if (afterDict === -1) throw ambiguous('stream without its dictionary');
      const start = nextLine(text, lexer.tokenEnd);
      if (start === -1) throw new PdfUnreadable('a stream without data');
      hidden.check(lexer.tokenEnd, start);
      const dict = parseDict(text, afterDict, closedEnd - 2);
      const end = streamEnd(text, dict, start);
      hidden.check(start, end);
      streams.push({ dictOpen: afterDict, dictClose: closedEnd, dict, start, end });
      if (streams.length > maxStreams) throw new PdfUnreadable('too many streams');
      lexer.at = end;
    } else if (keyword && (lexer.is('obj') || lexer.is('endobj'))) {
      if (depth > 0) throw ambiguous(`${lexer.source()} inside an open ${top === DICT ? 'dictionary' : 'array'}`);
      objectOpen = -1;
      if (lexer.is('obj') && number >= 0 && generation >= 0) {
        headerNumber = number;
        headerGeneration = generation;
        number = generation = -1;
        continue;
      }
    } else if (keyword && lexer.is('BI')) {
      throw ambiguous('an inline image outside page content');
    } else if (top === DICT && expectKey[depth - 1]) {
      const at = depth - 1;
      if (reference[at] === 1 && integer >= 0) reference[at] = 2;
      else if (reference[at] === 2) {
        if (!(keyword && lexer.is('R'))) throw ambiguous('a number as a key');
        reference[at] = 0;
      } else {
        reference[at] = 0;
        if (type === 'name') expectKey[at] = 0;
        else if (type === 'dictClose') {
          depth--;
          if (depth === 0) {
            closedOpen = open[at];
            closedEnd = lexer.tokenEnd;
          }
          if (open[at] === objectOpen) {
            objectDictionaries.push(objectNumber, objectGeneration, objectOpen, lexer.tokenEnd);
            objectOpen = -1;
          }
          if (depth > 0 && kind[depth - 1] === DICT) expectKey[depth - 1] = 1;
        } else throw ambiguous('a key that is not a name');
      }
    } else if (type === 'dictOpen' || type === 'arrayOpen') {
      if (depth >= MAX_DEPTH) throw new PdfUnreadable('nested too deeply');
      kind[depth] = type === 'dictOpen' ? DICT : ARRAY;
      open[depth] = lexer.tokenStart;
      expectKey[depth] = 1;
      reference[depth] = 0;
      depth++;
      if (type === 'dictOpen' && afterHeader && depth === 1) {
        objectOpen = lexer.tokenStart;
        objectNumber = headerNumber;
        objectGeneration = headerGeneration;
      }
    } else if (top === DICT) {
      // a value
      if (type === 'dictClose' || type === 'arrayClose') throw ambiguous('a key without a value');
      expectKey[depth - 1] = 1;
      reference[depth - 1] = integer >= 0 ? 1 : 0;
    } else if (top === ARRAY) {
      if (type === 'dictClose') throw ambiguous('>> inside an array');
      if (type === 'arrayClose') {
        depth--;
        if (depth > 0 && kind[depth - 1] === DICT) expectKey[depth - 1] = 1;
      }
    }
    // Outside any object (between objects, the cross-reference table, the trailer keyword) other tokens need nothing.
    headerNumber = headerGeneration = -1;
    number = generation;
    generation = integer;
  }
  return { streams, objectDictionaries };
}
