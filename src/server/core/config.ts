// Server configuration from environment variables. CONFIG_VARIABLES is the one table of them: the
// config reads only the names in it (a typo fails the typecheck), checks each value by the row's
// kind before anything starts (an error names the variable), and the README's table is this table
// (tests/unit/readme.test.ts compares them).
import path from 'node:path';
import { isRole, ROLES, type Role } from './access/roles.ts';

/**
 * What a variable holds: text (anything), path (a folder), url (an absolute URL), list (comma
 * separated), number (at least 0), count (a whole number of at least 1), flag (true or false).
 * Settings with more to say (COOKIE_SECURE, TRUST_PROXY, the ones set together) are checked further in loadConfig.
 */
export type ConfigKind = 'text' | 'path' | 'url' | 'list' | 'number' | 'count' | 'flag';

export interface ConfigVariable {
  name: string;
  kind: ConfigKind;
  default: string | null;
  description: string;
}

export const CONFIG_VARIABLES = [
  { name: 'PORT', kind: 'number', default: '3000', description: 'HTTP port for pages and API.' },
  { name: 'HOST', kind: 'text', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'DATA_DIR', kind: 'path', default: './data', description: 'Embedded database, uploaded files, lock file and generated JWT secret.' },
  { name: 'DATABASE_URL', kind: 'text', default: null, description: 'PostgreSQL connection string; unset = embedded PGlite in DATA_DIR/db.' },
  { name: 'PUBLIC_API_KEY', kind: 'text', default: 'public-demo-key', description: "Key the pages send as 'Authorization: users API-Key {key}'." },
  { name: 'JWT_SECRET', kind: 'text', default: null, description: 'Secret for staff login tokens; unset = generated once into DATA_DIR/jwt-secret. Set it when running several instances.' },
  { name: 'RECAPTCHA_SITE_KEY', kind: 'text', default: null, description: 'reCAPTCHA site key the pages use. Set with RECAPTCHA_SECRET to use Google reCAPTCHA as the human check; unset (both) = the self-hosted ALTCHA proof-of-work check, which needs no internet.' },
  { name: 'RECAPTCHA_SCRIPT_URL', kind: 'url', default: 'https://www.google.com/recaptcha/api.js', description: 'Where the pages load the reCAPTCHA script from; its origin is allowed by the Content-Security-Policy.' },
  { name: 'RECAPTCHA_SECRET', kind: 'text', default: null, description: 'reCAPTCHA secret, set together with RECAPTCHA_SITE_KEY (one without the other stops the server at start).' },
  { name: 'RECAPTCHA_VERIFY_URL', kind: 'url', default: 'https://www.google.com/recaptcha/api/siteverify', description: 'siteverify endpoint.' },
  { name: 'RECAPTCHA_HOSTNAMES', kind: 'list', default: null, description: "Comma-separated host names siteverify must report the check was solved on (e.g. 'forms.example.com'); unset = not checked." },
  { name: 'RECAPTCHA_MIN_SCORE', kind: 'number', default: '0.5', description: 'Lowest reCAPTCHA v3 score accepted (0 to 1), when siteverify reports a score.' },
  { name: 'ALTCHA_HMAC_KEY', kind: 'text', default: null, description: 'Key that signs ALTCHA challenges (when no reCAPTCHA keys are set); unset = generated once into DATA_DIR/altcha-hmac-key. Set it when running several instances.' },
  { name: 'ALTCHA_COST', kind: 'count', default: '1000', description: 'ALTCHA work per attempt (PBKDF2/SHA-256 iterations).' },
  { name: 'ALTCHA_MAX_ATTEMPTS', kind: 'count', default: '4000', description: 'ALTCHA work: the browser finds an answer after between half this and this many attempts (with the defaults about 2 s of one desktop core, shared among the device cores).' },
  { name: 'ALTCHA_CHALLENGE_MINUTES', kind: 'number', default: '10', description: 'How long an ALTCHA challenge may be solved and verified.' },
  { name: 'CAPTCHA_PROOF_MINUTES', kind: 'number', default: '10', description: 'How long a verified captcha proof may be used to submit.' },
  { name: 'FORMS_BUILD_DIR', kind: 'path', default: 'build/forms', description: 'Compiled forms written by `npm run forms:build`.' },
  { name: 'CONTENT_DIR', kind: 'path', default: 'content', description: 'Content collections and seed data.' },
  { name: 'WEB_DIST_DIR', kind: 'path', default: 'dist', description: 'Built pages (`vite build` output).' },
  { name: 'UPLOAD_ORPHAN_MINUTES', kind: 'number', default: '60', description: 'Uploads never attached to a submission are deleted after this many minutes (checked every minute); a form must be sent within this time of its uploads.' },
  { name: 'UPLOAD_ORPHANS_PER_CLIENT', kind: 'number', default: '20', description: 'Uploads not yet attached to a submission that one client IP may have at a time (counted in the database: one cap for all instances); more are refused with 429 until a form is sent or they expire.' },
  { name: 'RATE_LIMIT_PER_MINUTE', kind: 'number', default: '30', description: 'Creates (submissions, uploads, captcha checks) per client IP and collection per minute.' },
  { name: 'TRUST_PROXY', kind: 'text', default: 'false', description: "How many proxies (load balancers) stand in front of the server: the client IP is the X-Forwarded-For entry that many hops from the right ('true' = 1), and the protocol (X-Forwarded-Proto: https makes the staff cookie Secure) is the one they report; never the leftmost entry, which the client writes itself. Set it to the number of proxies that append to X-Forwarded-For (e.g. 1 for one load balancer, 2 for a CDN in front of it): too few and every guest is the load balancer's address (one shared rate limit), too many and a client picks its own address." },
  { name: 'COOKIE_SECURE', kind: 'text', default: 'auto', description: "The Secure flag of the staff login cookie and of the guest form pages' `form-post` mark: 'true' (e.g. behind a proxy that ends TLS), 'false', or 'auto' (when the request came over HTTPS, as TRUST_PROXY's proxies report it). A Secure cookie is named '__Host-payload-token' (only this host, over HTTPS, can set it), else 'payload-token'." },
  { name: 'CONTENT_SECURITY_POLICY', kind: 'text', default: null, description: 'Replaces the computed Content-Security-Policy of the pages.' },
  { name: 'OIDC_ISSUER_URL', kind: 'url', default: null, description: "Company single sign-on (OpenID Connect): the provider's issuer URL (e.g. 'https://login.microsoftonline.com/<tenant>/v2.0'). Set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to show 'Sign in with company account' on /login; unset (all three) = password sign-in only." },
  { name: 'OIDC_CLIENT_ID', kind: 'text', default: null, description: 'The client (application) id registered with the provider.' },
  { name: 'OIDC_CLIENT_SECRET', kind: 'text', default: null, description: 'The client secret registered with the provider.' },
  { name: 'OIDC_REDIRECT_URL', kind: 'url', default: null, description: "The callback address registered with the provider; unset = '<address of the request>/api/users/oidc/callback'. Set it behind a proxy." },
  { name: 'OIDC_SCOPES', kind: 'text', default: 'openid email profile', description: 'Scopes asked of the provider (space-separated; must include openid).' },
  { name: 'OIDC_DEFAULT_ROLE', kind: 'text', default: 'employee', description: "Role of an account created by a first single sign-on: 'employee' gives no staff rights until an admin grants a role on /staff/users." },
  { name: 'OIDC_ALLOWED_DOMAINS', kind: 'list', default: null, description: "Comma-separated email domains allowed to sign in by single sign-on (e.g. 'dohaoasis.com'); unset = any account the provider signs in. An existing password account is linked to single sign-on only when the provider says the email is verified (email_verified), whatever its domain." },
  { name: 'OPENAI_API_KEY', kind: 'text', default: null, description: "Key of the staff chat's assistant (an OpenAI-compatible Responses API); stays on the server. Unset = the chat page says no assistant is configured." },
  { name: 'OPENAI_BASE_URL', kind: 'url', default: null, description: "Base URL of the Responses API (e.g. 'https://api.openai.com/v1' or a compatible service); unset = OpenAI's." },
  { name: 'OPENAI_MODEL', kind: 'text', default: null, description: 'Model the chat asks (e.g. gpt-4.1-mini); set it or OPENAI_PROMPT_ID.' },
  { name: 'OPENAI_PROMPT_ID', kind: 'text', default: null, description: 'A stored prompt (with its model and tools) the chat uses instead of or with OPENAI_MODEL.' },
  { name: 'OPENAI_VECTOR_STORE_ID', kind: 'list', default: null, description: 'Vector store(s) the assistant searches (file_search tool), comma-separated; its citations show as #source in answers.' },
  { name: 'OPENAI_INSTRUCTIONS', kind: 'text', default: null, description: "The assistant's instructions (system message) for every chat answer." },
  { name: 'S3_ENDPOINT', kind: 'url', default: null, description: "S3-compatible object storage for uploads (e.g. 'https://s3.eu-west-1.amazonaws.com' or a MinIO URL); unset = files in DATA_DIR/uploads. Set it when running several instances." },
  { name: 'S3_BUCKET', kind: 'text', default: null, description: 'Bucket of the uploads (set with S3_ENDPOINT).' },
  { name: 'S3_REGION', kind: 'text', default: 'us-east-1', description: 'Region of the bucket.' },
  { name: 'S3_ACCESS_KEY_ID', kind: 'text', default: null, description: 'Access key of the object storage (unset = the AWS SDK finds credentials itself).' },
  { name: 'S3_SECRET_ACCESS_KEY', kind: 'text', default: null, description: 'Secret key of the object storage.' },
  { name: 'S3_FORCE_PATH_STYLE', kind: 'flag', default: 'false', description: "'true' addresses the bucket in the path (most self-hosted S3 servers) instead of the host name." },
  { name: 'METRICS_PORT', kind: 'number', default: null, description: "Port of the Prometheus metrics (GET /metrics: requests and latency by route, submissions by form, upload inspection time); unset = no metrics server. Kept off the pages' port so the public never reaches it." },
  { name: 'METRICS_HOST', kind: 'text', default: '127.0.0.1', description: 'Interface the metrics port listens on (this machine only by default; set 0.0.0.0 for a Prometheus elsewhere on a private network).' },
  { name: 'SHUTDOWN_GRACE_MS', kind: 'number', default: '10000', description: 'On SIGTERM or SIGINT: how long requests in flight may run on (new connections are refused at once) before they are cut and the database is closed.' },
  { name: 'SMTP_URL', kind: 'text', default: null, description: "Mail server for alerts (e.g. 'smtp://user:pass@host:587', 'smtps://user:pass@host:465'); unset = nothing is sent and alerts stay in the console's alert inbox (/staff/alerts)." },
  { name: 'MAIL_FROM', kind: 'text', default: 'Venue forms <alerts@localhost>', description: 'Sender of alert emails (its domain also names their Message-IDs).' },
  { name: 'CONSOLE_URL', kind: 'url', default: null, description: "Address of the staff console the alerts link to (e.g. 'https://forms.example.com'); unset = 'http://localhost:<PORT>'." },
  { name: 'ALERT_RETRY_BASE_MS', kind: 'number', default: '30000', description: 'First retry of an alert that could not be delivered after this many milliseconds, then doubling up to 6 hours; after 24 hours it is marked failed.' },
  { name: 'ALERT_WEBHOOK_HTTP_LOOPBACK', kind: 'flag', default: 'false', description: "'true' lets an alert rule post to http:// on this machine (127.0.0.1, ::1, localhost), e.g. a local stand-in; otherwise webhooks need https." },
  { name: 'ALERT_WEBHOOK_PRIVATE_NETWORKS', kind: 'flag', default: 'false', description: "'true' lets alert webhooks reach private-range addresses (10/8, 172.16/12, 192.168/16, link-local, ...), e.g. an internal CRM; checked at save and again after DNS resolution at send time." },
  { name: 'RETENTION_INTERVAL_MS', kind: 'count', default: '86400000', description: "How often the retention job deletes the submissions older than their form's `retention` (with their files, notes and alerts): once a day by default, and at start when the last run (kept in the database, shared by every instance) is older than this." },
  // Read by the build of the pages (vite.config.ts, which checks it), not by the server: listed here so the README's one table has it.
  { name: 'ROUTE_SET', kind: 'text', default: 'default', description: 'which routes the pages contain: `public`, `private` or `default` (both); a route of a set not built answers Not Found, and its code and texts are not in the build' },
] as const satisfies readonly ConfigVariable[];

export type ConfigName = (typeof CONFIG_VARIABLES)[number]['name'];

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicApiKey: string;
  jwtSecret: string | null;
  /** Both keys set: Google reCAPTCHA; both null: the self-hosted ALTCHA check (see humanCheckKind). */
  recaptchaSiteKey: string | null;
  recaptchaScriptUrl: string;
  recaptchaSecret: string | null;
  recaptchaVerifyUrl: string;
  /** Empty: any host name. */
  recaptchaHostnames: string[];
  recaptchaMinScore: number;
  captchaProofMinutes: number;
  altchaHmacKey: string | null;
  altchaCost: number;
  altchaMaxAttempts: number;
  altchaChallengeMinutes: number;
  formsBuildDir: string;
  contentDir: string;
  webDistDir: string;
  uploadOrphanMinutes: number;
  uploadOrphansPerClient: number;
  rateLimitPerMinute: number;
  /** Number of trusted proxy hops; false = none (X-Forwarded-For ignored). */
  trustProxy: number | false;
  cookieSecure: 'auto' | 'true' | 'false';
  contentSecurityPolicy: string | null;
  /** Company single sign-on; null when OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not all set. */
  oidc: OidcConfig | null;
  /** The staff chat's assistant; null = not configured (the page says so). */
  assistant: AssistantConfig | null;
  /** Uploads in S3-compatible object storage; null = files in DATA_DIR/uploads. */
  objectStorage: ObjectStorageConfig | null;
  /** Port of the Prometheus metrics server; null = none. */
  metricsPort: number | null;
  metricsHost: string;
  /** How long a stopping server lets requests in flight finish. */
  shutdownGraceMs: number;
  /** Off in tests and scripts. */
  logRequests: boolean;
  alerts: AlertsConfig;
  /** Between two runs of the retention job (features/retention). */
  retentionIntervalMs: number;
}

export interface AlertsConfig {
  /** null: nothing is sent (alerts stay in the console's inbox). */
  smtpUrl: string | null;
  mailFrom: string;
  consoleUrl: string;
  retryBaseMs: number;
  webhookHttpLoopback: boolean;
  webhookPrivateNetworks: boolean;
}

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string | null;
  scopes: string;
  defaultRole: Role;
  /** Lower-case domains; empty = any. */
  allowedDomains: string[];
}

export interface AssistantConfig {
  apiKey: string;
  baseUrl: string | null;
  model: string | null;
  promptId: string | null;
  vectorStoreIds: string[];
  instructions: string | null;
}

export interface ObjectStorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

const VARIABLES: ReadonlyMap<string, ConfigVariable> = new Map(CONFIG_VARIABLES.map((variable) => [variable.name, variable]));

function read(env: Env, name: ConfigName): string | null {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  return VARIABLES.get(name)?.default ?? null;
}

/** Why a value is not of its kind (what it must be), or null when it is. */
function kindProblem(kind: ConfigKind, raw: string): string | null {
  const value = Number(raw);
  switch (kind) {
    case 'number':
      return Number.isFinite(value) && value >= 0 && raw.trim() !== '' ? null : 'must be a non-negative number';
    case 'count':
      return Number.isInteger(value) && value >= 1 ? null : 'must be a whole number of at least 1';
    case 'flag':
      return raw === 'true' || raw === 'false' ? null : 'must be true or false';
    case 'url':
      return URL.canParse(raw) ? null : 'must be a URL';
    default:
      return null;
  }
}

/** Every variable's value (set or default) checked by its kind; the first wrong one stops the start, named. */
export function checkVariables(env: Env): void {
  for (const variable of CONFIG_VARIABLES) {
    const raw = read(env, variable.name);
    const problem = raw === null ? null : kindProblem(variable.kind, raw);
    if (problem) throw new Error(`${variable.name} ${problem}, got "${raw}".`);
  }
}

/** A number variable's value (checkVariables has checked it). */
function number(env: Env, name: ConfigName): number {
  return Number(read(env, name));
}

/** The two reCAPTCHA keys go together: half a configuration would silently fall back to ALTCHA. */
function recaptchaKeys(siteKey: string | null, secret: string | null): { recaptchaSiteKey: string | null; recaptchaSecret: string | null } {
  if ((siteKey === null) !== (secret === null)) throw new Error('Set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET to use reCAPTCHA, or neither to use the self-hosted ALTCHA check.');
  return { recaptchaSiteKey: siteKey, recaptchaSecret: secret };
}

export type HumanCheckKind = 'recaptcha' | 'altcha';

/** Which human check the captcha forms use: reCAPTCHA when its keys are configured, else the self-hosted ALTCHA. */
export function humanCheckKind(config: Pick<ServerConfig, 'recaptchaSiteKey' | 'recaptchaSecret'>): HumanCheckKind {
  return config.recaptchaSiteKey && config.recaptchaSecret ? 'recaptcha' : 'altcha';
}

function cookieSecure(raw: string | null): 'auto' | 'true' | 'false' {
  if (raw === 'auto' || raw === 'true' || raw === 'false') return raw;
  throw new Error(`COOKIE_SECURE must be auto, true or false, got "${raw}".`);
}

function proxyHops(raw: string | null): number | false {
  if (raw === null || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY must be false, true or a number of proxies, got "${raw}".`);
  return hops;
}

/** The three OIDC settings go together, like the reCAPTCHA keys: half a configuration stops the start. */
function oidcConfig(env: Env): OidcConfig | null {
  const issuerUrl = read(env, 'OIDC_ISSUER_URL');
  const clientId = read(env, 'OIDC_CLIENT_ID');
  const clientSecret = read(env, 'OIDC_CLIENT_SECRET');
  if (!issuerUrl && !clientId && !clientSecret) return null;
  if (!issuerUrl || !clientId || !clientSecret) throw new Error('Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together for single sign-on, or none of them.');
  const redirectUrl = read(env, 'OIDC_REDIRECT_URL');
  const scopes = read(env, 'OIDC_SCOPES') ?? 'openid';
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`OIDC_SCOPES must include openid, got "${scopes}".`);
  const defaultRole = read(env, 'OIDC_DEFAULT_ROLE') ?? 'employee';
  if (!isRole(defaultRole)) throw new Error(`OIDC_DEFAULT_ROLE must be one of ${ROLES.join(', ')}, got "${defaultRole}".`);
  const allowedDomains = (read(env, 'OIDC_ALLOWED_DOMAINS') ?? '').split(',').map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);
  return { issuerUrl, clientId, clientSecret, redirectUrl, scopes, defaultRole, allowedDomains };
}

/** The chat needs a key and something to ask (a model or a stored prompt); a key alone is a mistake worth stopping for. */
function assistant(env: Env): AssistantConfig | null {
  const apiKey = read(env, 'OPENAI_API_KEY');
  const model = read(env, 'OPENAI_MODEL');
  const promptId = read(env, 'OPENAI_PROMPT_ID');
  if (!apiKey) return null;
  if (!model && !promptId) throw new Error('OPENAI_API_KEY is set: set OPENAI_MODEL or OPENAI_PROMPT_ID too (the chat needs a model to ask).');
  const vectorStoreIds = (read(env, 'OPENAI_VECTOR_STORE_ID') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  return { apiKey, baseUrl: read(env, 'OPENAI_BASE_URL'), model, promptId, vectorStoreIds, instructions: read(env, 'OPENAI_INSTRUCTIONS') };
}

function objectStorage(env: Env): ObjectStorageConfig | null {
  const endpoint = read(env, 'S3_ENDPOINT');
  const bucket = read(env, 'S3_BUCKET');
  if (!endpoint && !bucket) return null;
  if (!endpoint || !bucket) throw new Error('Set both S3_ENDPOINT and S3_BUCKET to keep uploads in object storage, or neither to keep them in DATA_DIR/uploads.');
  const forcePathStyle = read(env, 'S3_FORCE_PATH_STYLE');
  return {
    endpoint,
    bucket,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: read(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: forcePathStyle === 'true',
  };
}

function flag(env: Env, name: ConfigName): boolean {
  return read(env, name) === 'true';
}

function alertsConfig(env: Env, port: number): AlertsConfig {
  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl.replace(/\/\/[^@]*@/, '//…@')}".`);
  const consoleUrl = read(env, 'CONSOLE_URL') ?? `http://localhost:${port}`;
  const retryBaseMs = number(env, 'ALERT_RETRY_BASE_MS');
  if (retryBaseMs < 1 || retryBaseMs > 60_000) throw new Error(`ALERT_RETRY_BASE_MS must be between 1 and 60000 (the first retry comes within a minute), got "${retryBaseMs}".`);
  return {
    smtpUrl,
    mailFrom: read(env, 'MAIL_FROM') ?? '',
    consoleUrl: consoleUrl.replace(/\/+$/, ''),
    retryBaseMs,
    webhookHttpLoopback: flag(env, 'ALERT_WEBHOOK_HTTP_LOOPBACK'),
    webhookPrivateNetworks: flag(env, 'ALERT_WEBHOOK_PRIVATE_NETWORKS'),
  };
}

export function loadConfig(env: Env = process.env): ServerConfig {
  if (env.UPLOAD_ORPHAN_HOURS) throw new Error('UPLOAD_ORPHAN_HOURS was replaced by UPLOAD_ORPHAN_MINUTES: set that instead (e.g. 60).');
  checkVariables(env);
  const dir = (name: ConfigName) => path.resolve(read(env, name) ?? '.');
  return {
    port: number(env, 'PORT'),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: dir('DATA_DIR'),
    databaseUrl: read(env, 'DATABASE_URL'),
    publicApiKey: read(env, 'PUBLIC_API_KEY') ?? '',
    jwtSecret: read(env, 'JWT_SECRET'),
    ...recaptchaKeys(read(env, 'RECAPTCHA_SITE_KEY'), read(env, 'RECAPTCHA_SECRET')),
    recaptchaScriptUrl: read(env, 'RECAPTCHA_SCRIPT_URL') ?? '',
    recaptchaVerifyUrl: read(env, 'RECAPTCHA_VERIFY_URL') ?? '',
    recaptchaHostnames: (read(env, 'RECAPTCHA_HOSTNAMES') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean),
    recaptchaMinScore: number(env, 'RECAPTCHA_MIN_SCORE'),
    captchaProofMinutes: number(env, 'CAPTCHA_PROOF_MINUTES'),
    altchaHmacKey: read(env, 'ALTCHA_HMAC_KEY'),
    altchaCost: number(env, 'ALTCHA_COST'),
    altchaMaxAttempts: number(env, 'ALTCHA_MAX_ATTEMPTS'),
    altchaChallengeMinutes: number(env, 'ALTCHA_CHALLENGE_MINUTES'),
    formsBuildDir: dir('FORMS_BUILD_DIR'),
    contentDir: dir('CONTENT_DIR'),
    webDistDir: dir('WEB_DIST_DIR'),
    uploadOrphanMinutes: number(env, 'UPLOAD_ORPHAN_MINUTES'),
    uploadOrphansPerClient: number(env, 'UPLOAD_ORPHANS_PER_CLIENT'),
    rateLimitPerMinute: number(env, 'RATE_LIMIT_PER_MINUTE'),
    trustProxy: proxyHops(read(env, 'TRUST_PROXY')),
    cookieSecure: cookieSecure(read(env, 'COOKIE_SECURE')),
    contentSecurityPolicy: read(env, 'CONTENT_SECURITY_POLICY'),
    oidc: oidcConfig(env),
    assistant: assistant(env),
    objectStorage: objectStorage(env),
    metricsPort: read(env, 'METRICS_PORT') === null ? null : number(env, 'METRICS_PORT'),
    metricsHost: read(env, 'METRICS_HOST') ?? '127.0.0.1',
    shutdownGraceMs: number(env, 'SHUTDOWN_GRACE_MS'),
    logRequests: env.NODE_ENV !== 'test',
    alerts: alertsConfig(env, number(env, 'PORT')),
    retentionIntervalMs: number(env, 'RETENTION_INTERVAL_MS'),
  };
}
