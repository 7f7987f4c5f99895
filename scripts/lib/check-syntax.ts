// A JSON file an author broke (a missing comma, a stray quote) is reported like every other
// problem: file:line:column and what to do, instead of a crash with a stack trace.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Problem } from './check.ts';
import { lineColumn } from './position.ts';

const SYNTAX_HINTS: Record<string, string> = {
  CommaExpected: 'a comma is missing between two entries',
  PropertyNameExpected: 'a key in double quotes is expected here (is there a comma after the last entry?)',
  ValueExpected: 'a value is expected here (is there a comma after the last entry?)',
  ColonExpected: 'a colon is missing after the key',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  UnexpectedEndOfString: 'a text is not closed with a double quote',
  EndOfFileExpected: 'there is something after the end of the file',
  InvalidSymbol: 'this character is not allowed here (texts need double quotes)',
  InvalidCommentToken: 'comments are not allowed in JSON: remove it',
  InvalidEscapeCharacter: 'a backslash starts an escape that JSON does not know: write \\\\ for a backslash',
  InvalidCharacter: 'this character must be escaped inside a text (e.g. a line break as \\n)',
};

/** The parsed JSON, or the problem at the first syntax error (one missing comma confuses the rest of the parse). */
export function parseJsonText(file: string, text: string): { json: unknown; problems: Problem[] } {
  const errors: ParseError[] = [];
  const json: unknown = parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  const problems = errors.slice(0, 1).map((e) => {
    const { line, column } = lineColumn(text, e.offset);
    const code = printParseErrorCode(e.error);
    return { file, path: '$', line, column, message: `the JSON is broken here: ${SYNTAX_HINTS[code] ?? code}; fix it and run npm run forms:check again` };
  });
  return { json, problems };
}
