// forms:check for the rich text of content blocks (engine/text/rich-text.ts): links that could run
// code, HTML typed as if it worked, bold never closed; each at its language's line.
import type { ContentBlock, Lang } from '../../src/engine/definition/definition.ts';
import { richTextProblems } from '../../src/engine/text/rich-text.ts';
import type { Problem } from './check.ts';
import { LANGUAGE_NAMES } from './wording.ts';

type Block = typeof ContentBlock.static;

export function richTextBlockProblems(file: string, block: Block, path: string): Problem[] {
  const texts = [
    ...(block.text ? [{ text: block.text, at: `${path}.text`, what: 'text' }] : []),
    ...(block.items ?? []).map((text, i) => ({ text, at: `${path}.items[${i}]`, what: `item ${i + 1}` })),
  ];
  return texts.flatMap(({ text, at, what }) =>
    (Object.entries(text) as [Lang, string][]).flatMap(([lang, value]) =>
      richTextProblems(value).map((message) => ({
        file,
        path: `${at}.${lang}`,
        message: `${LANGUAGE_NAMES[lang]} ${what} of content "${block.name}": ${message}`,
      })),
    ),
  );
}
