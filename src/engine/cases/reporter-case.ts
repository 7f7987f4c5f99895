// A reporter's case (a definition's `reporterAccess`, e.g. whistle-blowing): the shape of its
// secret, shared by the thank-you panel, the reporter's page and the server; its workflow (states,
// outcomes, which change leads where); and the periods of its clocks. Pure: the server draws the
// secret's randomness and keeps only its scrypt hash.

/**
 * 32 symbols without look-alikes (no 0/O, 1/I): 5 bits each, so 16 symbols are 80 bits. Typed
 * back in lower case, with spaces or without dashes, it still reads (normalizeSecret).
 */
export const SECRET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SECRET_SYMBOLS = 16;
const GROUP = 4;

/** XXXX-XXXX-XXXX-XXXX from 16 symbols. */
export const formatSecret = (symbols: string) => symbols.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');

/** The secret as typed, in its stored form (dashes, spaces, case forgiven), or null when it cannot be one. */
export function normalizeSecret(typed: unknown): string | null {
  if (typeof typed !== 'string' || typed.length > 64) return null;
  const symbols = typed.toUpperCase().replace(/[\s-]/g, '');
  if (symbols.length !== SECRET_SYMBOLS || [...symbols].some((c) => !SECRET_ALPHABET.includes(c))) return null;
  return formatSecret(symbols);
}

/** The case code as typed (the submission's reference), trimmed and upper-cased, or null. */
export function normalizeCode(typed: unknown): string | null {
  if (typeof typed !== 'string') return null;
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9-]{4,40}$/.test(code) ? code : null;
}

/** The report's states, in their order; closing names an outcome. */
export const REPORT_STATES = ['received', 'acknowledged', 'investigating', 'closed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_OUTCOMES = ['substantiated', 'partly-substantiated', 'not-substantiated', 'referred'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** Where each state may go. Acknowledging is its own action (it writes the acknowledgement); a closed case may be reopened to investigating. */
export const REPORT_TRANSITIONS: Record<ReportState, readonly ReportState[]> = {
  received: ['acknowledged'],
  acknowledged: ['investigating', 'closed'],
  investigating: ['closed'],
  closed: ['investigating'],
};

/** What compliance writes to the reporter: a question (the reporter may answer) or feedback (on the follow-up; its first one is the feedback date). */
export const REPORTER_MESSAGE_KINDS = ['question', 'feedback', 'acknowledgement'] as const;
export type ReporterMessageKind = (typeof REPORTER_MESSAGE_KINDS)[number];

/** The longest text a reporter adds at once. */
export const REPORTER_TEXT_MAX_LENGTH = 5000;

/** An ISO 8601 period of the definition (P7D, P3M, P2M21D, PT30S for tests). */
export const PERIOD_PATTERN = '^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?$';

/** `from` plus a period, calendar months and years as the calendar has them (UTC). */
export function addPeriod(from: Date, period: string): Date {
  const match = new RegExp(PERIOD_PATTERN).exec(period);
  if (!match) throw new Error(`"${period}" is not an ISO 8601 period`);
  const n = (part: string | undefined) => (part ? parseInt(part, 10) : 0);
  const at = new Date(from.getTime());
  at.setUTCFullYear(at.getUTCFullYear() + n(match[1]), at.getUTCMonth() + n(match[2]), at.getUTCDate() + 7 * n(match[3]) + n(match[4]));
  return new Date(at.getTime() + ((n(match[6]) * 60 + n(match[7])) * 60 + n(match[8])) * 1000);
}
