// A party's roster as a PDF (the desk prints or downloads it, in English or Arabic): the
// attraction and day, the organiser, "9 of 12 signed", then each person in signing order, a minor
// under their guardian, with their Form ID and whether they are checked in. Drawn by the waiver
// copy's writer (shaped Arabic, right to left), in a worker thread (roster-pool.ts).
import type { PartyRoster } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';
import { PdfWriter } from '../waiver-copy/index.ts';

const digits = (lang: Lang) => (lang === 'ar' ? 'ar-u-nu-arab' : `${lang}-u-nu-latn`);
const dohaTime = (iso: string, lang: Lang) => venueTime(iso, lang, 'minute', digits(lang));
const day = (date: string, lang: Lang) => new Intl.DateTimeFormat(digits(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export async function rosterPdf(roster: PartyRoster, lang: Lang, createdAt: Date): Promise<Buffer> {
  const { party, people } = roster;
  const title = party.title[lang] ?? Object.values(party.title)[0] ?? party.form;
  const heading = t('partyRosterTitle', lang, { title, date: day(party.visitDate, lang) });
  const pdf = new PdfWriter(lang === 'ar' ? 'rtl' : 'ltr', { title: heading, subject: 'Party roster', keywords: party.code, createdAt, lang });
  pdf.paragraph(heading, { size: 16, bold: true });
  pdf.paragraph(t('staffPartyOrganiser', lang, { name: party.organiser.name, phone: `\u2066${party.organiser.phone}\u2069` }), { before: 4 });
  pdf.paragraph(
    `${t('partyRosterSigned', lang, { signed: party.signed, expected: party.expected })} · ${t('partyRosterMissing', lang, { count: roster.missing })}`,
    {
      bold: true,
      before: 4,
    },
  );
  pdf.paragraph(t('partyMailPdfMade', lang, { time: dohaTime(createdAt.toISOString(), lang) }), { grey: true, size: 9 });
  pdf.rule();
  if (people.length === 0) pdf.paragraph(t('partyRosterNone', lang));
  people.forEach((person, index) => {
    const who = person.guardian === null ? t('partyRosterAdult', lang) : t('partyRosterMinorOf', lang, { guardian: person.guardian });
    pdf.paragraph(`${index + 1}. ${person.name}`, { bold: true, before: 6 });
    const facts = [who, `\u2066${person.reference}\u2069`, `${t('partyRosterSignedAt', lang)}: ${dohaTime(person.signedAt, lang)}`];
    if (person.checkedInAt) facts.push(`${t('partyRosterCheckedIn', lang)}: ${dohaTime(person.checkedInAt, lang)}`);
    if (person.mustSignNewTerms) facts.push(t('staffWaiverMustSignNewTerms', lang));
    pdf.paragraph(facts.join(' · '), { indent: 14, size: 9.5 });
  });
  return pdf.bytes();
}
