/** Qatar keeps one offset all year (UTC+3); its weeks start on Sunday. The zone is named once, in engine/text/venue-time.ts. */
export { VENUE_TIME_ZONE as DOHA_TIME_ZONE } from '../../../engine/text/venue-time.ts';
