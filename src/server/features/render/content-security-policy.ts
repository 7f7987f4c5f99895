// The pages' Content-Security-Policy. No 'unsafe-eval' (forms are validated by precompiled code)
// and no 'unsafe-inline' scripts: the inline scripts content documents carry (e.g. a restaurant's
// tag) are allowed by their sha256, external ones by their origin. Styles need 'unsafe-inline'
// because React style attributes and the reCAPTCHA widget set inline styles. Google's origins are
// allowed only when reCAPTCHA is the human check; the self-hosted ALTCHA check needs nothing more
// than 'self' (its script, stylesheet and proof-of-work worker are built files of our own origin).
import { createHash } from 'node:crypto';
import type { Db } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';

/** Google's widget script loads further code from gstatic. */
const RECAPTCHA_EXTRA_SCRIPTS = ['https://www.gstatic.com'];
const RECAPTCHA_FRAMES = ['https://www.google.com', 'https://recaptcha.google.com'];

interface ContentScript {
  type?: string;
  content?: string;
  src?: string;
}

/** Hashes and origins of scripts listed in content documents' `scripts` arrays. */
async function contentScriptSources(db: Db, registry: Registry): Promise<string[]> {
  const slugs = [...registry.collections.values()].filter((collection) => collection.kind === 'content').map((collection) => collection.slug);
  const { rows } = await db.query<{ scripts: ContentScript[] }>(
    `SELECT data->'scripts' AS scripts FROM documents WHERE collection = ANY($1::text[]) AND jsonb_typeof(data->'scripts') = 'array'`,
    [slugs],
  );
  const sources = new Set<string>();
  for (const script of rows.flatMap((row) => row.scripts)) {
    if (script.type === 'inline' && typeof script.content === 'string') {
      sources.add(`'sha256-${createHash('sha256').update(script.content).digest('base64')}'`);
    } else if (typeof script.src === 'string' && /^https:\/\//.test(script.src)) {
      sources.add(new URL(script.src).origin);
    }
  }
  return [...sources].sort();
}

/** recaptchaScriptUrl: null when the human check is the self-hosted ALTCHA. */
async function computePolicy(db: Db, registry: Registry, recaptchaScriptUrl: string | null): Promise<string> {
  const recaptchaScripts = recaptchaScriptUrl ? [new URL(recaptchaScriptUrl).origin, ...RECAPTCHA_EXTRA_SCRIPTS] : [];
  const scripts = [...new Set(["'self'", ...recaptchaScripts, ...(await contentScriptSources(db, registry))])];
  const frames = ["'self'", ...(recaptchaScriptUrl ? RECAPTCHA_FRAMES : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // 'self': the documents viewer shows a PDF document inline.
    `frame-src ${frames.join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Instances sharing one database learn of another's content change within this time; a change
 * made through this instance applies to the next page at once (invalidatePagePolicy).
 */
const POLICY_MAX_AGE_MS = 30_000;

interface CachedPolicy {
  policy: Promise<string>;
  at: number;
  generation: number;
}

const cache = new WeakMap<Db, CachedPolicy>();
const generations = new WeakMap<Db, number>();

/** The policy for the next page: computed from the content scripts, cached until a content change. */
export function contentSecurityPolicy(db: Db, registry: Registry, recaptchaScriptUrl: string | null): Promise<string> {
  const generation = generations.get(db) ?? 0;
  const cached = cache.get(db);
  if (cached && cached.generation === generation && Date.now() - cached.at < POLICY_MAX_AGE_MS) return cached.policy;
  const policy = computePolicy(db, registry, recaptchaScriptUrl);
  cache.set(db, { policy, at: Date.now(), generation });
  policy.catch(() => cache.delete(db));
  return policy;
}

/** Called after every content write: a restaurant's new inline script is allowed on the next page. */
export function invalidatePagePolicy(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}
