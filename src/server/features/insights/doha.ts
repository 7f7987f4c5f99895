/** Qatar keeps one offset all year (UTC+3); its weeks start on Sunday. */
export const DOHA_TIME_ZONE = 'Asia/Qatar';
