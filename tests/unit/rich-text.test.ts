// The rich text of waivers' terms, checklists and notes: what authors may write, what a page
// draws from it (never HTML from the text), and what forms:check says about a risky text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkDefinition, formatProblem, locate } from '../../scripts/lib/check.ts';
import { loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { parseInline, parseRichText, richTextProblems } from '../../src/engine/text/rich-text.ts';
import { RichText } from '../../src/web/rich-text/RichText.tsx';

const html = (source: string) => renderToStaticMarkup(createElement(RichText, { value: parseRichText(source) }));

describe('rich text in content blocks', () => {
  it('draws bold, italic, links, bulleted and numbered lists and paragraphs', () => {
    expect(html('**Assumption of risk.** I *accept* the [rules](https://example.com/rules).')).toBe(
      '<p><span><strong>Assumption of risk.</strong></span><span> I </span><span><em>accept</em></span><span> the </span><a href="https://example.com/rules"><span>rules</span></a><span>.</span></p>',
    );
    expect(html('Bring:\n- a towel\n- *warm* socks\n\n1. first\n2. second')).toBe(
      '<p><span>Bring:</span></p><ul><li><span>a towel</span></li><li><span><em>warm</em></span><span> socks</span></li></ul><ol><li><span>first</span></li><li><span>second</span></li></ol>',
    );
  });
  it('escapes everything else: a script tag is shown as text, never run', () => {
    const out = html('<script>alert(1)</script> and <img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
  it('never makes a javascript: or data: link; the words stay as text', () => {
    const out = html('[win a prize](javascript:alert(1)) or [this](data:text/html,hi) or [home](/hub)');
    expect(out).not.toMatch(/href="(javascript|data):/i);
    expect(out).toContain('<span><span>win a prize</span></span>');
    expect(out).toContain('<a href="/hub"><span>home</span></a>');
  });
  it('keeps a star written as \\* and a lone star as they are', () => {
    expect(parseInline('5 \\* 4 = 20, rated 4* by guests')).toEqual([{ text: '5 * 4 = 20, rated 4* by guests' }]);
  });
  it('names each risky text in words an author can act on', () => {
    expect(richTextProblems('[pay](javascript:pay())')).toEqual([
      'the link "pay" goes to "javascript:pay()": links may go only to https://, http://, mailto: or a page of this site (/…)',
    ]);
    expect(richTextProblems('**Never closed')).toEqual(['a ** that starts bold text is not closed: add ** where the bold text ends (or write \\* for a star)']);
    expect(richTextProblems('<b>bold</b>')[0]).toMatch(/^HTML tags are shown as typed/);
    expect(richTextProblems('**Fine.** *fine* [ok](mailto:a@example.com)')).toEqual([]);
  });
});

describe('forms:check on content blocks', () => {
  const text = `{
  "$schema": "./form.schema.json",
  "id": "tiny",
  "version": 1,
  "languages": ["en", "ar"],
  "title": { "en": "Tiny", "ar": "صغير" },
  "submit": { "collection": "tiny-answers", "label": { "en": "Send", "ar": "أرسل" } },
  "sections": [
    {
      "id": "main",
      "fields": [
        { "type": "content", "name": "terms", "style": "terms", "items": [
          { "en": "**Rules.** Read [them](javascript:alert(1)).", "ar": "**القواعد.** اقرأها." }
        ] }
      ]
    }
  ]
}
`;
  it('reports an unsafe link at its line, with the language, the block and what to do', () => {
    const problems = locate(checkDefinition('forms/tiny.json', JSON.parse(text) as FormDefinition, loadVocabularies()), () => text);
    expect(problems.map(formatProblem)).toEqual([
      'forms/tiny.json:13:13 ($.sections[0].fields[0].items[0].en) English item 1 of content "terms": the link "them" goes to "javascript:alert(1)": links may go only to https://, http://, mailto: or a page of this site (/…)',
    ]);
  });
});
