// A form's dates (opens, closes: Doha time, which keeps UTC+3 all year) as instants, whether they
// let it take answers at a moment, and the guest's words for a form that does not: one wording for
// the page's panel, the API's refusal and the page posted without JavaScript.
import type { FormAvailability } from '../contract/availability.ts';
import { t } from '../text/messages.ts';
import type { Lang } from '../text/languages.ts';
import { VENUE_TIME_ZONE as DOHA_TIME_ZONE } from '../text/venue-zone.ts';

/**
 * The `name` of the error item of a create refused because the form takes no answers now (its data
 * is a FormAvailability, engine/contract/availability.ts); kept here, apart from TypeBox, for the page.
 */
export const FORM_UNAVAILABLE = 'FormUnavailable';

/** An ISO 8601 date-time without offset (read as Doha time), e.g. 2027-01-05T09:00 or 2027-01-05T09:00:30. */
export const DOHA_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$';
const DOHA_OFFSET = '+03:00';

/** The instant of a Doha date-time, or null when it is no real date (2027-02-30T10:00, 24:00). */
export function dohaInstant(text: string): Date | null {
  if (!new RegExp(DOHA_DATE_TIME).test(text)) return null;
  const instant = new Date(`${text}${DOHA_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date accepts some impossible days by rolling over; the Doha clock must read back the same text.
  const back = new Date(instant.getTime() + 3 * 3600_000).toISOString().slice(0, text.length);
  return back === text ? instant : null;
}

export interface FormSchedule {
  opens?: string;
  closes?: string;
}

/** Whether a form says when it opens or closes, or how many answers it takes: only such a form's page asks the server (most never do). */
export const hasAvailabilityRules = (form: FormSchedule & { maxResponses?: number; maxResponsesPerVenue?: number }) =>
  form.opens !== undefined || form.closes !== undefined || form.maxResponses !== undefined || form.maxResponsesPerVenue !== undefined;

/** What the dates alone say at `now`: open, not yet open (with when), or closed. */
export function scheduleAt(form: FormSchedule, now: Date): FormAvailability {
  const opens = form.opens ? dohaInstant(form.opens) : null;
  const closes = form.closes ? dohaInstant(form.closes) : null;
  if (opens && now < opens) return { state: 'notYet', opens: opens.toISOString() };
  if (closes && now >= closes) return { state: 'closed' };
  return { state: 'open' };
}

/** "5 January", with the year when it is not this year's, in the language's own digits. */
export function openingDay(instant: string, lang: Lang, now: Date = new Date()): string {
  const year = (date: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: DOHA_TIME_ZONE }).format(date);
  const date = new Date(instant);
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: DOHA_TIME_ZONE };
  if (year(date) !== year(now)) options.year = 'numeric';
  // Day before month, as the venues write English dates ("5 January").
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, options).format(date);
}

/** The guest's words for a form that takes no answers now; null when it does. */
export function unavailableText(availability: FormAvailability, lang: Lang, now: Date = new Date()): string | null {
  switch (availability.state) {
    case 'open':
      return null;
    case 'notYet':
      return availability.opens ? t('formOpensOn', lang, { date: openingDay(availability.opens, lang, now) }) : t('formNotOpenYet', lang);
    case 'closed':
      return t('formClosed', lang);
    case 'full':
      return t('formFull', lang);
  }
}
