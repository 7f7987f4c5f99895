// Facts of the self-hosted human check (ALTCHA) that the server (which issues and checks the
// challenges) and the page (whose worker solves them) must agree on.

/** Key derivation the proof of work uses: Web Crypto in the browser's workers, node:crypto on the server. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
