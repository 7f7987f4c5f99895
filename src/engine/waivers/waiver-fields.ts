// Where the waiver desk finds the people of a waiver in its answers: every waiver definition
// (forms/ with submit.evidence) names these questions alike, forms:check says so when one does not,
// and the server's search indexes them (features/waivers, migration 302).
export const WAIVER_FIELDS = {
  /** The signer: participant, or parent/guardian. */
  name: 'name',
  /** QID or passport number. */
  document: 'qid',
  phone: 'phone',
  /** Optional: the signer's date of birth, and each minor's (a person record: name, birth date, document). */
  birthDate: 'birth_date',
  /** Optional: a waiver without it is valid from the day it was signed. */
  visitDate: 'visit_date',
  /** Optional: the repeat of minors the signer signs for as parent or guardian, each with its own `name`, `birth_date` and `qid` (the key is the one stored before minors had birth dates). */
  dependents: 'dependents',
} as const;
