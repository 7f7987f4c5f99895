// A digest as its email: HTML (right to left in Arabic) and a plain-text part saying the same, every
// number in a table (no image carries one), in the account's language with Latin digits as the
// console writes them; question labels as the form words them (its texts, engine/text).
import { formText } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { MIN_ANSWERS, type Digest, type DigestFigure, type DigestForm } from './content.ts';
import { DIGEST_WORDS } from './words.ts';

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function formatters(lang: Lang) {
  const locale = `${lang}-u-nu-latn`;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return {
    number: (value: number | null) => (value === null ? '–' : number.format(value)),
    signed: (value: number | null) => (value === null ? '–' : signed.format(value)),
    day: (text: string) => day.format(new Date(`${text}T00:00:00Z`)),
    percent: (value: number) => percent.format(value),
  };
}

type Table = { caption: string; head: string[]; rows: string[][] };

const htmlTable = ({ caption, head, rows }: Table) =>
  `<table style="border-collapse:collapse;margin:0 0 16px"><caption style="text-align:start;font-weight:bold">${escapeHtml(caption)}</caption>` +
  `<thead><tr>${head.map((cell) => `<th scope="col" style="text-align:start;border-bottom:1px solid #737373;padding:4px 8px">${escapeHtml(cell)}</th>`).join('')}</tr></thead>` +
  `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td style="padding:4px 8px">${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

const textTable = ({ caption, head, rows }: Table) => [caption, head.join(' | '), ...rows.map((row) => row.join(' | '))].join('\n');

/** Renders the digest for one account; consoleUrl makes the follow-ups' links. */
export function renderDigest(digest: Digest, lang: Lang, consoleUrl: string): DigestEmail {
  const words = DIGEST_WORDS[lang];
  const f = formatters(lang);
  const from = f.day(digest.week.from);
  const to = f.day(digest.week.to);
  const subject = words.subject(from, to);
  const heading = words.heading(from, to);
  const label = (formId: string, figure: DigestFigure) => `${formText(formId, figure.label, lang)}${figure.kind === 'nps' ? ` (${words.nps})` : ''}`;
  const title = (form: DigestForm) => form.staffTitle[lang] ?? form.staffTitle.en;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  if (digest.empty) {
    return {
      subject,
      text: `${heading}\n\n${words.nothing}\n`,
      html: `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(words.nothing)}</p></body></html>`,
    };
  }
  const tables: Table[] = [];
  tables.push({
    caption: words.thisWeek,
    head: [words.form, words.thisWeek, words.weekBefore, words.change],
    rows: digest.forms.map((form) => [title(form), f.number(form.submissions), f.number(form.before), f.signed(form.submissions - form.before)]),
  });
  if (digest.changes.length)
    tables.push({
      caption: words.biggestChanges,
      head: [words.form, words.question, words.thisWeek, words.weekBefore, words.change],
      rows: digest.changes.map((figure) => {
        const form = digest.forms.find((candidate) => candidate.formId === figure.formId)!;
        return [title(form), label(figure.formId, figure), f.number(figure.value), f.number(figure.before), f.signed(figure.change)];
      }),
    });
  if (digest.busiestSource)
    tables.push({
      caption: words.busiestSource,
      head: [words.source, words.submissions],
      rows: [[digest.busiestSource.source, f.number(digest.busiestSource.submissions)]],
    });
  if (digest.funnel.length)
    tables.push({
      caption: words.funnel,
      head: [words.form, words.scans, words.views, words.submitted, words.completion],
      rows: digest.funnel.map((row) => [
        row.staffTitle[lang] ?? row.staffTitle.en,
        f.number(row.scans),
        f.number(row.views),
        f.number(row.submitted),
        row.views ? f.percent(row.submitted / row.views) : '–',
      ]),
    });
  const notes: Record<string, string> = {};
  for (const form of digest.forms) {
    if (form.figures.length)
      tables.push({
        caption: title(form),
        head: [words.question, words.thisWeek, words.weekBefore, words.change],
        rows: form.figures.map((figure) => [label(form.formId, figure), f.number(figure.value), f.number(figure.before), f.signed(figure.change)]),
      });
    else if (form.submissions > 0) notes[title(form)] = words.fewAnswers(MIN_ANSWERS);
    if (form.venues?.length)
      tables.push({
        caption: `${title(form)}: ${words.venue}`,
        head: [words.venue, words.thisWeek, words.weekBefore],
        rows: form.venues.map((row) => [row.venue || '–', f.number(row.submissions), f.number(row.before)]),
      });
  }
  const followUps = `${words.followUps(digest.followUps.open)}${digest.followUps.overdue ? ` · ${words.overdue(digest.followUps.overdue)}` : ''}`;
  const links = digest.followUps.linked.map((item) => ({
    text: `${words.reference} ${item.reference} (${words.state[item.state] ?? item.state}${item.overdue ? `, ${words.overdueMark}` : ''})`,
    href: `${consoleUrl}${item.path}`,
  }));
  const noteLines = Object.entries(notes).map(([form, note]) => `${form}: ${note}`);
  const text = [
    heading,
    '',
    ...tables.map(textTable).join('\n\n').split('\n'),
    '',
    ...noteLines,
    followUps,
    ...links.map((link) => `- ${link.text}: ${link.href}`),
    '',
  ].join('\n');
  const html =
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;text-align:start"><h1>${escapeHtml(heading)}</h1>${tables.map(htmlTable).join('')}` +
    noteLines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<h2>${escapeHtml(followUps)}</h2>` +
    (links.length ? `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('')}</ul>` : '') +
    `</body></html>`;
  return { subject, text, html };
}
