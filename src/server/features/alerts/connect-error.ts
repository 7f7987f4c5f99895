// What the delivery log says of a connection that failed: a few words and Node's error code, never
// its message, which names the address and port it tried (what a webhook's host resolves to, the
// mail server's), so an admin cannot map the network through a rule's log.
import util from 'node:util';

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'The connection was refused',
  ECONNRESET: 'The connection was closed by the other side',
  ETIMEDOUT: 'The connection timed out',
  EHOSTUNREACH: 'The host cannot be reached',
  ENETUNREACH: 'The network cannot be reached',
  ENOTFOUND: 'The host name does not resolve',
  EAI_AGAIN: 'The host name could not be resolved now',
  EPRIVATE: 'The host resolves to an address webhooks may not reach',
  // nodemailer's own codes
  ESOCKET: 'The mail server could not be reached',
  ECONNECTION: 'The mail server closed the connection',
  EDNS: "The mail server's name does not resolve",
};

/** "The connection was refused (ECONNREFUSED)." for any error carrying a code (nodemailer's ESOCKET names the socket's too); an error of ours (no code) keeps its words. */
export function shortError(error: unknown): string {
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  // nodemailer keeps the socket's error as a number only (-111): its name is the system's.
  const systemName = typeof errno === 'number' && errno < 0 ? util.getSystemErrorName(errno) : errno;
  const codes = [systemName, code].filter((value): value is string => typeof value === 'string' && /^[A-Z0-9_]{2,40}$/.test(value));
  if (codes.length) return `${WORDS[codes[0]] ?? 'The connection failed'} (${[...new Set(codes)].join(', ')}).`;
  return typeof message === 'string' && message ? message : 'The connection failed.';
}
