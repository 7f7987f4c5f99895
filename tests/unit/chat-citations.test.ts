// The assistant's citations shown as '#source' (spec 3 and 9), in both message shapes.
import { describe, expect, it } from 'vitest';
import { answerText, assistantsMessageText, responseText, sourceMarker, withSourceMarkers } from '../../src/server/features/chat/citations.ts';

describe('citations become #source markers', () => {
  it("replaces spec 3's annotations (content[0].text.value) by '#source: `quote`', as the previous app did", () => {
    const message = {
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: {
            value: 'Lockers cost 10 QAR【4:0†source】 and are free for members【4:1†source】.',
            annotations: [
              { type: 'file_citation', text: '【4:0†source】', file_citation: { file_id: 'file-1', quote: 'Lockers: QAR 10 per day' } },
              { type: 'file_citation', text: '【4:1†source】', file_citation: { file_id: 'file-1' } },
            ],
          },
        },
      ],
    };
    expect(assistantsMessageText(message)).toBe('Lockers cost 10 QAR#source: `Lockers: QAR 10 per day` and are free for members#source.');
    expect(answerText(message)).toBe(assistantsMessageText(message));
  });

  it('inserts a marker at each file citation of a Responses API answer, from the end so indexes hold', () => {
    const text = 'Open at 10. Closed on Mondays.';
    const annotations = [
      { type: 'file_citation', index: 11, filename: 'hours.pdf', file_id: 'file-h' },
      { type: 'file_citation', index: 30, filename: 'closures.pdf', file_id: 'file-c' },
      { type: 'url_citation', start_index: 0, end_index: 4, url: 'https://example.com', title: 'x' },
    ];
    expect(withSourceMarkers(text, annotations)).toBe('Open at 10. #source: `hours.pdf` Closed on Mondays. #source: `closures.pdf`');
  });

  it('marks a citation once when the search cites the same file twice at one place, and clamps a bad index', () => {
    const twice = [
      { type: 'file_citation', index: 5, filename: 'a.pdf' },
      { type: 'file_citation', index: 5, filename: 'a.pdf' },
    ];
    expect(withSourceMarkers('Hello', twice)).toBe('Hello #source: `a.pdf`');
    expect(withSourceMarkers('Hi', [{ type: 'file_citation', index: 99, filename: 'b.pdf' }])).toBe('Hi #source: `b.pdf`');
    expect(withSourceMarkers('Hi', [{ type: 'file_citation', index: -3 }])).toBe('#sourceHi');
  });

  it('reads the text of a whole Responses answer (non-streaming) and ignores tool calls', () => {
    const response = {
      id: 'resp_1',
      output: [
        { type: 'file_search_call', id: 'fs_1', queries: ['bags'], status: 'completed' },
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'One bag.', annotations: [{ type: 'file_citation', index: 8, filename: 'policy.pdf' }] }],
        },
      ],
    };
    expect(responseText(response)).toBe('One bag. #source: `policy.pdf`');
    expect(answerText(response)).toBe('One bag. #source: `policy.pdf`');
  });

  it('keeps a back-quote in a quote from breaking the marker, and survives shapes it does not know', () => {
    expect(sourceMarker('use `npm start`')).toBe("#source: `use 'npm start'`");
    expect(answerText(null)).toBe('');
    expect(answerText({ content: 'text' })).toBe('');
    expect(responseText({ output: 'nope' })).toBe('');
  });
});
