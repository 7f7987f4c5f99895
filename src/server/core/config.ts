// Server configuration from environment variables. Core's rows are CORE_CONFIG_VARIABLES; each feature
// brings its own rows and typed reader (ServerFeature.config, like a Fastify plugin's options), and
// joinConfigVariables puts them in one list (src/server/config.ts joins the features' table): that
// list is what loadConfig checks by each row's kind before anything starts (an error names the
// variable) and what the README's table is (tests/unit/readme.test.ts compares them). A reader
// reads only the names in its own rows (a typo fails the typecheck).
import path from 'node:path';

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

export const CORE_CONFIG_VARIABLES = [
  { name: 'PORT', kind: 'number', default: '3000', description: 'HTTP port for pages and API.' },
  { name: 'HOST', kind: 'text', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'DATA_DIR', kind: 'path', default: './data', description: 'Embedded database, uploaded files, lock file and generated JWT secret.' },
  { name: 'DATABASE_URL', kind: 'text', default: null, description: 'PostgreSQL connection string; unset = embedded PGlite in DATA_DIR/db.' },
  {
    name: 'PUBLIC_URL',
    kind: 'url',
    default: null,
    description:
      "The guests' address of the pages (e.g. 'https://forms.example.com'): the short links printed on QR cards are built from it; unset = the address the request came to.",
  },
  { name: 'PUBLIC_API_KEY', kind: 'text', default: 'public-demo-key', description: "Key the pages send as 'Authorization: users API-Key {key}'." },
  {
    name: 'JWT_SECRET',
    kind: 'text',
    default: null,
    description: 'Secret for staff login tokens; unset = generated once into DATA_DIR/jwt-secret. Set it when running several instances.',
  },
  {
    name: 'RECAPTCHA_SITE_KEY',
    kind: 'text',
    default: null,
    description:
      'reCAPTCHA site key the pages use. Set with RECAPTCHA_SECRET to use Google reCAPTCHA as the human check; unset (both) = the self-hosted ALTCHA proof-of-work check, which needs no internet.',
  },
  {
    name: 'RECAPTCHA_SCRIPT_URL',
    kind: 'url',
    default: 'https://www.google.com/recaptcha/api.js',
    description: 'Where the pages load the reCAPTCHA script from; its origin is allowed by the Content-Security-Policy.',
  },
  {
    name: 'RECAPTCHA_SECRET',
    kind: 'text',
    default: null,
    description: 'reCAPTCHA secret, set together with RECAPTCHA_SITE_KEY (one without the other stops the server at start).',
  },
  { name: 'RECAPTCHA_VERIFY_URL', kind: 'url', default: 'https://www.google.com/recaptcha/api/siteverify', description: 'siteverify endpoint.' },
  {
    name: 'RECAPTCHA_HOSTNAMES',
    kind: 'list',
    default: null,
    description: "Comma-separated host names siteverify must report the check was solved on (e.g. 'forms.example.com'); unset = not checked.",
  },
  { name: 'RECAPTCHA_MIN_SCORE', kind: 'number', default: '0.5', description: 'Lowest reCAPTCHA v3 score accepted (0 to 1), when siteverify reports a score.' },
  {
    name: 'ALTCHA_HMAC_KEY',
    kind: 'text',
    default: null,
    description:
      'Key that signs ALTCHA challenges (when no reCAPTCHA keys are set); unset = generated once into DATA_DIR/altcha-hmac-key. Set it when running several instances.',
  },
  { name: 'ALTCHA_COST', kind: 'count', default: '1000', description: 'ALTCHA work per attempt (PBKDF2/SHA-256 iterations).' },
  {
    name: 'ALTCHA_MAX_ATTEMPTS',
    kind: 'count',
    default: '4000',
    description:
      'ALTCHA work: the browser finds an answer after between half this and this many attempts (with the defaults about 2 s of one desktop core, shared among the device cores).',
  },
  { name: 'ALTCHA_CHALLENGE_MINUTES', kind: 'number', default: '10', description: 'How long an ALTCHA challenge may be solved and verified.' },
  { name: 'CAPTCHA_PROOF_MINUTES', kind: 'number', default: '10', description: 'How long a verified captcha proof may be used to submit.' },
  { name: 'FORMS_BUILD_DIR', kind: 'path', default: 'build/forms', description: 'Compiled forms written by `npm run forms:build`.' },
  { name: 'CONTENT_DIR', kind: 'path', default: 'content', description: 'Content collections and seed data.' },
  { name: 'WEB_DIST_DIR', kind: 'path', default: 'dist', description: 'Built pages (`vite build` output).' },
  {
    name: 'UPLOAD_ORPHAN_MINUTES',
    kind: 'number',
    default: '60',
    description:
      'Uploads never attached to a submission are deleted after this many minutes (checked every minute); a form must be sent within this time of its uploads.',
  },
  {
    name: 'UPLOAD_ORPHANS_PER_CLIENT',
    kind: 'number',
    default: '20',
    description:
      'Uploads not yet attached to a submission that one client IP may have at a time (counted in the database: one cap for all instances); more are refused with 429 until a form is sent or they expire.',
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    kind: 'number',
    default: '30',
    description: 'Creates (submissions, uploads, captcha checks) per client IP and collection per minute.',
  },
  {
    name: 'TRUST_PROXY',
    kind: 'text',
    default: 'false',
    description:
      "How many proxies (load balancers) stand in front of the server: the client IP is the X-Forwarded-For entry that many hops from the right ('true' = 1), and the protocol (X-Forwarded-Proto: https makes the staff cookie Secure) is the one they report; never the leftmost entry, which the client writes itself. Set it to the number of proxies that append to X-Forwarded-For (e.g. 1 for one load balancer, 2 for a CDN in front of it): too few and every guest is the load balancer's address (one shared rate limit), too many and a client picks its own address.",
  },
  {
    name: 'COOKIE_SECURE',
    kind: 'text',
    default: 'auto',
    description:
      "The Secure flag of the staff login cookie and of the guest form pages' `form-post` mark: 'true' (e.g. behind a proxy that ends TLS), 'false', or 'auto' (when the request came over HTTPS, as TRUST_PROXY's proxies report it). A Secure cookie is named '__Host-payload-token' (only this host, over HTTPS, can set it), else 'payload-token'.",
  },
  { name: 'CONTENT_SECURITY_POLICY', kind: 'text', default: null, description: 'Replaces the computed Content-Security-Policy of the pages.' },
  {
    name: 'S3_ENDPOINT',
    kind: 'url',
    default: null,
    description:
      "S3-compatible object storage for uploads (e.g. 'https://s3.eu-west-1.amazonaws.com' or a MinIO URL); unset = files in DATA_DIR/uploads. Set it when running several instances.",
  },
  { name: 'S3_BUCKET', kind: 'text', default: null, description: 'Bucket of the uploads (set with S3_ENDPOINT).' },
  { name: 'S3_REGION', kind: 'text', default: 'us-east-1', description: 'Region of the bucket.' },
  { name: 'S3_ACCESS_KEY_ID', kind: 'text', default: null, description: 'Access key of the object storage (unset = the AWS SDK finds credentials itself).' },
  { name: 'S3_SECRET_ACCESS_KEY', kind: 'text', default: null, description: 'Secret key of the object storage.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    kind: 'flag',
    default: 'false',
    description: "'true' addresses the bucket in the path (most self-hosted S3 servers) instead of the host name.",
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    kind: 'number',
    default: '10000',
    description:
      'On SIGTERM or SIGINT: how long requests in flight may run on (new connections are refused at once) before they are cut and the database is closed.',
  },
] as const satisfies readonly ConfigVariable[];

// Read by the build of the pages (vite.config.ts, which checks it), not by the server: listed here, last (the
// README's build-time table), so the README's one list has it.
const BUILD_CONFIG_VARIABLES = [
  {
    name: 'ROUTE_SET',
    kind: 'text',
    default: 'default',
    description:
      'which routes the pages contain: `public`, `private` or `default` (both); a route of a set not built answers Not Found, and its code and texts are not in the build',
  },
] as const satisfies readonly ConfigVariable[];

type ConfigName = (typeof CORE_CONFIG_VARIABLES)[number]['name'];

/** What core reads; each feature's settings sit beside it in ServerConfig under the feature's key. */
export interface CoreConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Without a trailing slash; null = the address of the request (publicBase in core/http/public-url.ts). */
  publicUrl: string | null;
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
  /** Uploads in S3-compatible object storage; null = files in DATA_DIR/uploads. */
  objectStorage: ObjectStorageConfig | null;
  /** How long a stopping server lets requests in flight finish. */
  shutdownGraceMs: number;
  /** Off in tests and scripts. */
  logRequests: boolean;
}

/**
 * Each feature's settings by its ServerFeature.config key. Empty here: a feature adds its key where it
 * declares its reader (`declare module '../../core/config.ts'`, as plugins add to FastifyInstance),
 * so core names no feature and the whole config stays typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface FeatureSettings {}

export type ServerConfig = CoreConfig & FeatureSettings;

/** A feature's values, read by the kinds of its own rows (checked before any reader runs); unset = the row's default. */
export interface ConfigValues<Name extends string> {
  text(name: Name): string | null;
  number(name: Name): number;
  flag(name: Name): boolean;
  /** Comma separated, each trimmed, empty ones dropped. */
  list(name: Name): string[];
}

/** A feature's settings: its rows (README table, start-up checks) and its reader, whose value is config[key]. */
export interface ConfigSection<Key extends keyof FeatureSettings = keyof FeatureSettings> {
  key: Key;
  variables: readonly ConfigVariable[];
  /** Throws (naming the variable) for settings that do not go together. */
  read(values: ConfigValues<string>, core: CoreConfig): FeatureSettings[Key];
}

/** The names of a feature's rows, for its ConfigValues. */
export type VariableName<Rows extends readonly ConfigVariable[]> = Rows[number]['name'];

export interface ObjectStorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

/** A variable's value, or its row's default when unset or empty. */
function valueOf(env: Env, variable: ConfigVariable): string | null {
  const value = env[variable.name];
  return value !== undefined && value !== '' ? value : variable.default;
}

/** The values of `variables` in `env`, by their kinds (checkVariables has checked them). */
export function configValues<Name extends string>(env: Env, variables: readonly ConfigVariable[]): ConfigValues<Name> {
  const byName: ReadonlyMap<string, ConfigVariable> = new Map(variables.map((variable) => [variable.name, variable]));
  const text = (name: Name): string | null => {
    const variable = byName.get(name);
    if (!variable) throw new Error(`${name} is not one of this reader's variables.`);
    return valueOf(env, variable);
  };
  return {
    text,
    number: (name) => Number(text(name)),
    flag: (name) => text(name) === 'true',
    list: (name) =>
      (text(name) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
  };
}

const CORE_BY_NAME: ReadonlyMap<string, ConfigVariable> = new Map(CORE_CONFIG_VARIABLES.map((variable) => [variable.name, variable]));

function read(env: Env, name: ConfigName): string | null {
  return valueOf(env, CORE_BY_NAME.get(name)!);
}

/** Core's rows, then each feature's in the features' order, then the build's: the one list of the README and the start-up checks. */
export function joinConfigVariables(sections: readonly ConfigSection[]): readonly ConfigVariable[] {
  const variables = [...CORE_CONFIG_VARIABLES, ...sections.flatMap((section) => section.variables), ...BUILD_CONFIG_VARIABLES];
  const names = new Set<string>();
  for (const { name } of variables) {
    if (names.has(name)) throw new Error(`${name} is declared twice in the configuration (core or a feature's config rows).`);
    names.add(name);
  }
  return variables;
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
export function checkVariables(env: Env, variables: readonly ConfigVariable[]): void {
  for (const variable of variables) {
    const raw = valueOf(env, variable);
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
  if ((siteKey === null) !== (secret === null))
    throw new Error('Set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET to use reCAPTCHA, or neither to use the self-hosted ALTCHA check.');
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

function objectStorage(env: Env): ObjectStorageConfig | null {
  const endpoint = read(env, 'S3_ENDPOINT');
  const bucket = read(env, 'S3_BUCKET');
  if (!endpoint && !bucket) return null;
  if (!endpoint || !bucket)
    throw new Error('Set both S3_ENDPOINT and S3_BUCKET to keep uploads in object storage, or neither to keep them in DATA_DIR/uploads.');
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

/** Core's settings and every feature's (`sections`: the features' config, src/server/config.ts), each checked first. */
export function loadConfig(env: Env, sections: readonly ConfigSection[]): ServerConfig {
  if (env.UPLOAD_ORPHAN_HOURS) throw new Error('UPLOAD_ORPHAN_HOURS was replaced by UPLOAD_ORPHAN_MINUTES: set that instead (e.g. 60).');
  checkVariables(env, joinConfigVariables(sections));
  const coreConfig = loadCoreConfig(env);
  const features = sections.map((section) => [section.key, section.read(configValues(env, section.variables), coreConfig)]);
  return { ...coreConfig, ...(Object.fromEntries(features) as FeatureSettings) };
}

function loadCoreConfig(env: Env): CoreConfig {
  const dir = (name: ConfigName) => path.resolve(read(env, name) ?? '.');
  return {
    port: number(env, 'PORT'),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: dir('DATA_DIR'),
    databaseUrl: read(env, 'DATABASE_URL'),
    publicUrl: read(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    publicApiKey: read(env, 'PUBLIC_API_KEY') ?? '',
    jwtSecret: read(env, 'JWT_SECRET'),
    ...recaptchaKeys(read(env, 'RECAPTCHA_SITE_KEY'), read(env, 'RECAPTCHA_SECRET')),
    recaptchaScriptUrl: read(env, 'RECAPTCHA_SCRIPT_URL') ?? '',
    recaptchaVerifyUrl: read(env, 'RECAPTCHA_VERIFY_URL') ?? '',
    recaptchaHostnames: (read(env, 'RECAPTCHA_HOSTNAMES') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
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
    objectStorage: objectStorage(env),
    shutdownGraceMs: number(env, 'SHUTDOWN_GRACE_MS'),
    logRequests: env.NODE_ENV !== 'test',
  };
}
