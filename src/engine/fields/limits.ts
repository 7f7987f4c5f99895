// The limits the page shares with the compiled contract, in a module without TypeBox: the pages
// import these numbers and must not carry the definition format's schemas in their bundle.

export const DEFAULT_MAX_LENGTH = { text: 200, textarea: 2000, email: 254 } as const;
/** A phone as typed, at most this long; whether it is a number of some country is engine/checks/phones.ts's check (libphonenumber-js), which the server also uses to store it as E.164. */
export const PHONE_MAX_LENGTH = 32;
/** Files one multiple-file question takes when its definition sets no maxFiles (the definition allows at most 20). */
export const DEFAULT_MAX_FILES = 10;
/** Strokes of points [x, y], each relative to the pad (0..1), and the pad's width/height ratio. */
export const SIGNATURE_LIMITS = { strokes: 100, pointsPerStroke: 2000 } as const;
