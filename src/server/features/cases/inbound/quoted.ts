// A guest's reply by email, as its words: without the history their mail client quoted under (or
// over) them and without their signature. The common shapes only, in the product's languages:
// "On <date>, <name> wrote:" (English), "Le <date>, <name> a écrit :" (French), "في <date>، كتب
// <name>:" / "<name> كتب:" (Arabic), Outlook's "-----Original Message-----" and its "From:" /
// "De :" / "من:" header block, "> " quoted lines, and the "-- " signature line with all after it.
// Our own rules (a few lines) rather than a library: the maintained npm reply parsers know English
// (and some French) but not Arabic, and none knows what our own mails hold.

/** The line (or two lines, as clients wrap it) introducing quoted history: it and all after it are dropped. */
const INTRODUCTIONS: readonly RegExp[] = [
  /^\s*on\b.{0,200}\bwrote\s*:?\s*$/i,
  /^\s*le\b.{0,200}\ba\s+écrit\s*:?\s*$/i,
  /^\s*(في|بتاريخ)\s.{0,200}كتب.{0,200}$/,
  /^.{0,200}\sكتب\s*:\s*$/,
];
/** A line that is itself the start of history. */
const SEPARATORS: readonly RegExp[] = [/^\s*-{2,}\s*(original message|message d'origine|الرسالة الأصلية)\s*-{2,}\s*$/i, /^\s*_{10,}\s*$/];
/** Outlook's header block: a From: line, then Sent/Date/To/Subject within the next lines. */
const OUTLOOK_FROM = /^\s*\*?(from|de|من)\s*\*?\s*:/i;
const OUTLOOK_NEXT = /^\s*\*?(sent|date|to|subject|envoyé|à|objet|التاريخ|أرسل|إلى|الموضوع)\s*\*?\s*:/i;
/** The signature separator ("-- ", RFC 3676) and a client's "Sent from my ..." line. */
const SIGNATURE = /^(--|sent from my .{1,60}|envoyé de mon .{1,60}|أرسلت من .{1,60})$/i;
const ENDS_INTRODUCTION = /(wrote|écrit|كتب)\s*:?\s*$/i;

function historyStarts(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  if (/^\s*>/.test(line)) return false;
  if (INTRODUCTIONS.some((rule) => rule.test(line)) || SEPARATORS.some((rule) => rule.test(line))) return true;
  const next = lines[i + 1];
  if (next !== undefined && ENDS_INTRODUCTION.test(next) && INTRODUCTIONS.some((rule) => rule.test(`${line} ${next}`))) return true;
  if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 4).some((after) => OUTLOOK_NEXT.test(after))) return true;
  return SIGNATURE.test(line.trim()) || line === '-- ';
}

/** The guest's own words of a reply's plain text. */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const end = lines.findIndex((_line, i) => historyStarts(lines, i));
  return (end === -1 ? lines : lines.slice(0, end))
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
