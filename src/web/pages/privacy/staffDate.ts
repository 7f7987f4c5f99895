// A date as the privacy page shows it: the day, in the page's language, Doha time, Latin digits.
import type { Lang } from '../../../engine/languages.ts';

export const staffDate = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeZone: 'Asia/Qatar' }).format(new Date(iso));
