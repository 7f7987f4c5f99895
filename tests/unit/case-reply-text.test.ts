// A guest's reply by email keeps their words only: the quoted history and the signature their mail
// client added go, in English, French and Arabic, as Gmail, Apple Mail and Outlook write them.
import { describe, expect, it } from 'vitest';
import { replyText } from '../../src/server/features/cases/inbound/quoted.ts';

describe('replyText', () => {
  it.each([
    ['Gmail, English, wrapped', 'Thank you, I will come back.\n\nOn Tue, 2 Dec 2026 at 05:55, Cova <\ncase+1.2.x@replies.example> wrote:\n> We are sorry.\n'],
    ['Apple Mail', 'Thank you, I will come back.\n\nOn 2 Dec 2026, at 05:55, Cova <replies@example.com> wrote:\n\n> We are sorry.'],
    ['French', 'Thank you, I will come back.\n\nLe mar. 2 déc. 2026 à 05:55, Cova <replies@example.com> a écrit :\n> Nous sommes désolés.'],
    [
      'Outlook',
      'Thank you, I will come back.\r\n\r\nFrom: Cova <replies@example.com>\r\nSent: Tuesday, December 2, 2026 5:55 AM\r\nTo: guest@example.com\r\nSubject: About your visit\r\n\r\nWe are sorry.',
    ],
    ['Outlook, original message', 'Thank you, I will come back.\n-----Original Message-----\nFrom: Cova\nWe are sorry.'],
    ['a signature', 'Thank you, I will come back.\n-- \nLeila Hassan\n+974 5555 1234'],
    ['a phone', 'Thank you, I will come back.\n\nSent from my iPhone'],
    ['quoted lines only', 'Thank you, I will come back.\n> We are sorry.\n> Cova'],
  ])('%s', (_name, mail) => {
    expect(replyText(mail)).toBe('Thank you, I will come back.');
  });

  it('Arabic: "في ... كتب" and "... كتب:"', () => {
    expect(replyText('شكرًا، سأعود الأسبوع القادم.\n\nفي الثلاثاء، ٢ ديسمبر ٢٠٢٦ ٥:٥٥ ص، كتب Cova <replies@example.com>:\n> نعتذر عن تجربتك.')).toBe(
      'شكرًا، سأعود الأسبوع القادم.',
    );
    expect(replyText('شكرًا لكم.\n\nCova <replies@example.com> كتب:\n> نعتذر.')).toBe('شكرًا لكم.');
  });

  it('keeps the words as written, lines and all, when nothing is quoted', () => {
    expect(replyText('  First line.\n\n\n\nSecond line, on the wrote side of things.  ')).toBe('First line.\n\nSecond line, on the wrote side of things.');
    expect(replyText('> only quoted')).toBe('');
  });
});
