// The venues' time zone, named once. Apart from venue-time.ts (its formatter), so a guest page that
// only needs the zone (a form's opening day) loads no formatter (scripts/lib/page-chunks.ts puts it in page-common).

/** The venues' time zone; Qatar keeps one offset all year (UTC+3) and its weeks start on Sunday. */
export const VENUE_TIME_ZONE = 'Asia/Qatar';
