// Rate limits through @fastify/rate-limit, keyed by the client address Fastify derives from the
// configured number of trusted proxies (TRUST_PROXY): a client cannot pick its own address by
// sending X-Forwarded-For. Counters live in memory with the embedded database (one instance by
// construction) and in PostgreSQL with DATABASE_URL, so every instance behind the load balancer
// counts against the same budget.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { ApiError, tooManyFromAccount, tooManyRequests } from './errors.ts';
import { normalizeEmail } from './access/staff-users.ts';

const MINUTE = 60_000;
/** Attempts per address per minute at the login, whichever account. */
const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Wrong passwords for one account from one address before it must wait; each further one doubles the wait. */
const LOGIN_FAILURES_BEFORE_BACKOFF = 5;
const LOGIN_FAILURE_WINDOW = 15 * MINUTE;
/**
 * Wrong passwords for one account from all addresses together (a guesser spread over many addresses)
 * before every sign-in to it must pass the human check until the window's end, unless it comes from
 * a browser that signed in to it before (features/auth/device.ts). Never a refusal of the right
 * password: a wait or lock here would be one any stranger could put on any account, again and again.
 */
const LOGIN_FAILURES_PER_ACCOUNT = 20;
const LONGEST_WAIT = 24 * 60 * MINUTE;
/**
 * The waiver desk's searches, and its openings of one waiver (the full document numbers), per
 * account per minute each: a busy desk checks in a few guests a minute; a script reading the
 * attraction's guests out is slowed to this, whichever address it calls from.
 */
const DESK_LOOKUPS_PER_MINUTE = 30;
/**
 * Tries to open one reporter's case (features/reporter) per minute, from all addresses together: a
 * guesser spread over many addresses is held to this on one code (each wrong secret also slows the
 * next try on it, open-case.ts); the reporter's own tries are a few.
 */
const CASE_CODE_TRIES_PER_MINUTE = 30;
/**
 * "Started" beacons (features/reach) per address per minute: a guest starts a form or two a
 * minute, a table of guests behind one address a few more; beyond it the beacons count nothing.
 */
const FUNNEL_BEACONS_PER_MINUTE = 30;

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** A @fastify/rate-limit store on the rate_limits table (migration 4): one row per key. */
export function postgresStore(db: Db) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly exponentialBackoff: boolean;
    constructor(options: FastifyRateLimitOptions) {
      // Passed on to stores by the plugin at run time, though its option types leave it out.
      this.exponentialBackoff = (options as { exponentialBackoff?: unknown }).exponentialBackoff === true;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      db.query<{ current: number; ttl: number }>(
        `INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
           reset_at = CASE
             WHEN r.reset_at <= now() THEN now() + make_interval(secs => $2::double precision / 1000)
             WHEN $3::boolean AND r.count + 1 > $4::int
               THEN now() + make_interval(secs => LEAST($2::double precision * power(2, r.count - $4::int), $5::double precision) / 1000)
             ELSE r.reset_at END
         RETURNING count AS current, GREATEST(0, extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl`,
        [key, timeWindow, this.exponentialBackoff, max, LONGEST_WAIT],
      ).then(
        ({ rows }) => callback(null, { current: rows[0].current, ttl: Math.ceil(rows[0].ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      db.query<{ current: number; ttl: number }>(
        `SELECT count AS current, GREATEST(0, extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl FROM rate_limits WHERE key = $1 AND reset_at > now()`,
        [key],
      ).then(
        ({ rows }) => callback(null, rows[0] ? { current: rows[0].current, ttl: Math.ceil(rows[0].ttl) } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    child(options: FastifyRateLimitOptions): FastifyRateLimitStore {
      return new PostgresRateLimitStore(options);
    }
  };
}

export async function forgetOldRateLimits(db: Db): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE reset_at < now()');
}

export interface Limits {
  /** A submission, upload or captcha check: RATE_LIMIT_PER_MINUTE per address and collection. */
  create(request: FastifyRequest, what: string): Promise<void>;
  /** Any login attempt: a few per address per minute. */
  loginAttempt(request: FastifyRequest): Promise<void>;
  /**
   * Throws while this address must wait before trying this account again; else 'human-check' when wrong passwords from
   * everywhere made the account ask for it and the browser is no known device of the account (knownDevice), 'open' otherwise.
   */
  loginAllowed(request: FastifyRequest, email: string, knownDevice: boolean): Promise<'open' | 'human-check'>;
  /** Counts a wrong password for this account from this address, and for the account from anywhere. */
  loginFailed(request: FastifyRequest, email: string): Promise<void>;
  /** One search, or one opening, of the waiver desk by the signed-in account: DESK_LOOKUPS_PER_MINUTE each. */
  deskLookup(request: FastifyRequest, what: 'search' | 'open'): Promise<void>;
  /** One try to open a reporter's case by its code, from anywhere: CASE_CODE_TRIES_PER_MINUTE. */
  caseCode(request: FastifyRequest, code: string): Promise<void>;
  /** One "started" beacon from this address: false beyond FUNNEL_BEACONS_PER_MINUTE (the beacon is then dropped, never refused aloud). */
  funnelBeacon(request: FastifyRequest): Promise<boolean>;
}

type Check = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number };

/** createRateLimit answers isAllowed only for allow-listed keys; a counted key is refused once it exceeds its budget. */
function refuse(check: Check, answer = tooManyRequests()): void {
  if (check.isAllowed || !check.isExceeded) return;
  throw new ApiError(answer.statusCode, answer.body, { 'retry-after': String(Math.max(1, check.ttlInSeconds)) });
}

export async function registerLimits(app: FastifyInstance, config: ServerConfig, db: Db): Promise<Limits> {
  await app.register(rateLimit, { global: false, ...(db.kind === 'postgres' ? { store: postgresStore(db) } : {}) });
  const pending = new WeakMap<FastifyRequest, string>();
  const create = app.createRateLimit({
    max: config.rateLimitPerMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `create:${pending.get(request)}:${request.ip}`,
  });
  const login = app.createRateLimit({ max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: MINUTE, keyGenerator: (request) => `login:${request.ip}` });
  const account = app.createRateLimit({
    max: LOGIN_FAILURES_BEFORE_BACKOFF,
    timeWindow: LOGIN_FAILURE_WINDOW,
    exponentialBackoff: true,
    keyGenerator: (request: FastifyRequest) => `login-account:${pending.get(request)}:${request.ip}`,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  const accountAnywhere = app.createRateLimit({
    max: LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow: LOGIN_FAILURE_WINDOW,
    keyGenerator: (request: FastifyRequest) => `login-account-anywhere:${pending.get(request)}`,
  });
  const desk = app.createRateLimit({
    max: DESK_LOOKUPS_PER_MINUTE,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `desk-${pending.get(request)}:${request.caller.kind === 'staff' ? request.caller.user.id : request.ip}`,
  });
  const caseCode = app.createRateLimit({
    max: CASE_CODE_TRIES_PER_MINUTE,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `case-code:${pending.get(request)}`,
  });
  const beacon = app.createRateLimit({ max: FUNNEL_BEACONS_PER_MINUTE, timeWindow: MINUTE, keyGenerator: (request) => `funnel-beacon:${request.ip}` });
  const forAccount = (request: FastifyRequest, email: string) => pending.set(request, normalizeEmail(email));
  return {
    async create(request, what) {
      pending.set(request, what);
      refuse(await create(request));
    },
    async loginAttempt(request) {
      refuse(await login(request));
    },
    async loginAllowed(request, email, knownDevice) {
      forAccount(request, email);
      const peek = await account(request, { increment: false });
      // Trying again while made to wait counts as another failure: the wait doubles, for this address only.
      if (!peek.isAllowed && peek.remaining === 0) refuse(await account(request));
      if (knownDevice) return 'open';
      const anywhere = await accountAnywhere(request, { increment: false });
      return !anywhere.isAllowed && anywhere.remaining === 0 ? 'human-check' : 'open';
    },
    async loginFailed(request, email) {
      forAccount(request, email);
      await account(request);
      await accountAnywhere(request);
    },
    async deskLookup(request, what) {
      pending.set(request, what);
      refuse(await desk(request), tooManyFromAccount());
    },
    async caseCode(request, code) {
      pending.set(request, code.toUpperCase());
      refuse(await caseCode(request));
    },
    async funnelBeacon(request) {
      const check = await beacon(request);
      return check.isAllowed || !check.isExceeded;
    },
  };
}
