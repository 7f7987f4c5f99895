// Content forms keep answers flat (title_ar) while documents are nested ({title: {ar}}) and rich
// text is Lexical JSON; staff must get back exactly what they wrote, and nothing else may pass.
import { describe, expect, it } from 'vitest';
import { answerPathOf, answersToDocument, documentKeys, documentPathOf, documentToAnswers } from '../../src/engine/compiler/content-shape.ts';
import { lexicalToRichText, richTextToLexical } from '../../src/engine/text/staff-rich-text.ts';
import type { ResolvedForm } from '../../src/engine/compiler/compiled.ts';

const form = {
  id: 'content-test',
  sections: [
    {
      id: 'main',
      fields: [
        { type: 'text', name: 'slug', label: 'l' },
        { type: 'text', name: 'title_en', label: 'l', contentPath: 'title.en' },
        { type: 'text', name: 'title_ar', label: 'l', contentPath: 'title.ar' },
        { type: 'textarea', name: 'body_en', label: 'l', contentPath: 'body.en', richText: true },
        { type: 'text', name: 'logo', label: 'l', contentPath: 'theme.logo.url' },
      ],
    },
  ],
} as unknown as ResolvedForm;

describe('the small rich-text format', () => {
  it('reads back what staff wrote: headings, lists, bold, italic, links and line breaks', () => {
    const text = '## Rules\n\nWelcome to the **park**.\nRead *carefully*.\n\n- One\n- Two [map](https://example.com/map)\n\n1. First\n2. Second\n\n> Quoted';
    const lexical = richTextToLexical(text);
    expect(lexicalToRichText(lexical)).toBe(text);
    const root = (lexical as { root: { children: { type: string }[] } }).root;
    expect(root.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote']);
  });

  it('reads a legacy Slate body (older documents) as the same text, so saving keeps it, now as Lexical', () => {
    const slate = [
      { type: 'h2', children: [{ text: 'Membership' }] },
      {
        children: [
          { text: 'Free. ' },
          { text: 'One account', bold: true },
          { text: ' per ' },
          { type: 'link', url: 'https://example.com/', children: [{ text: 'phone' }] },
        ],
      },
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ text: 'Points' }] },
          { type: 'li', children: [{ text: 'Expiry', italic: true }] },
        ],
      },
    ];
    const text = '## Membership\n\nFree. **One account** per [phone](https://example.com/)\n\n- Points\n- *Expiry*';
    expect(lexicalToRichText(slate)).toBe(text);
    expect(lexicalToRichText(richTextToLexical(text))).toBe(text);
  });

  it('never makes a link that could run code, and keeps markup as text', () => {
    const lexical = richTextToLexical('[click](javascript:alert(1)) <script>x</script>');
    expect(JSON.stringify(lexical)).not.toContain('"type":"link"');
    expect(lexicalToRichText(lexical)).toBe('[click](javascript:alert(1)) <script>x</script>');
  });
});

describe('documents and the answers of a content form', () => {
  const doc = { slug: 'a', title: { en: 'Hello', ar: 'مرحبا' }, body: { en: richTextToLexical('**Hi**') }, theme: { logo: { url: '/x.svg' }, other: 1 } };

  it('turns a document into flat answers and back, keeping what the form does not edit', () => {
    const answers = documentToAnswers(form, doc);
    expect(answers).toEqual({ slug: 'a', title_en: 'Hello', title_ar: 'مرحبا', body_en: '**Hi**', logo: '/x.svg' });
    expect(answersToDocument(form, answers, doc)).toEqual(doc);
  });

  it('removes a cleared answer and the groups it leaves empty', () => {
    const cleared = answersToDocument(
      form,
      { slug: 'a', title_en: 'Hello' },
      { slug: 'a', title: { en: 'Hello', ar: 'x' }, theme: { logo: { url: '/x.svg' } } },
    );
    expect(cleared).toEqual({ slug: 'a', title: { en: 'Hello' } });
    expect([...documentKeys(form)].sort()).toEqual(['body', 'slug', 'theme', 'title']);
  });
});

describe('lists and files of a content form', () => {
  const listForm = {
    id: 'content-lists',
    sections: [
      {
        id: 'main',
        fields: [
          {
            type: 'repeat',
            name: 'attachments',
            label: 'l',
            fields: [
              { type: 'text', name: 'label_en', label: 'l', contentPath: 'label.en' },
              { type: 'file', name: 'file', label: 'l', contentPath: 'id', collection: 'media', maxBytes: 10, accept: ['application/pdf'] },
              { type: 'text', name: 'url', label: 'l' },
            ],
          },
          { type: 'file', name: 'pdf_file', label: 'l', contentPath: 'pdf.id', collection: 'media', maxBytes: 10, accept: ['application/pdf'] },
        ],
      },
    ],
  } as unknown as ResolvedForm;
  const upload = { id: 7, url: '/api/media/file/a.pdf', filename: 'a.pdf', mimeType: 'application/pdf', filesize: 9, width: null, height: null };

  it("reads each row's sub-questions at their paths, an upload as its id, and writes the rows back in the stored shape", () => {
    const doc = {
      attachments: [
        { label: { en: 'Rules' }, ...upload },
        { label: { en: 'Map' }, url: '/assets/map.pdf' },
      ],
      pdf: upload,
    };
    const answers = documentToAnswers(listForm, doc);
    expect(answers).toEqual({
      attachments: [
        { label_en: 'Rules', file: 7, url: upload.url },
        { label_en: 'Map', url: '/assets/map.pdf' },
      ],
      pdf_file: 7,
    });
    expect(answersToDocument(listForm, answers)).toEqual({
      attachments: [
        { label: { en: 'Rules' }, id: 7, url: upload.url },
        { label: { en: 'Map' }, url: '/assets/map.pdf' },
      ],
      pdf: { id: 7 },
    });
  });

  it('keeps a key no sub-question covers, so validation can name it', () => {
    expect(documentToAnswers(listForm, { attachments: [{ label: { en: 'x' }, colour: 'red' }] })).toEqual({ attachments: [{ label_en: 'x', colour: 'red' }] });
  });

  it('names a sub-question by its document path and back', () => {
    expect(documentPathOf(listForm, 'attachments.1.label_en')).toBe('attachments.1.label.en');
    expect(answerPathOf(listForm, 'attachments.1.label.en')).toBe('attachments.1.label_en');
    expect(documentPathOf(listForm, 'pdf_file')).toBe('pdf.id');
    expect(answerPathOf(listForm, 'pdf.id')).toBe('pdf_file');
  });
});
