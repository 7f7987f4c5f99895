// The pages' Content-Security-Policy. No 'unsafe-eval' (forms are validated by precompiled code)
// and no 'unsafe-inline' scripts: the scripts of the document a page names (a restaurant's tag on
// its dining survey, page-scripts.ts) are allowed on that page only, inline ones by their sha256,
// external ones by their origin; every other page (the console first) allows none of them. Styles need 'unsafe-inline'
// because React style attributes and the reCAPTCHA widget set inline styles. Google's origins are
// allowed only when reCAPTCHA is the human check; the self-hosted ALTCHA check needs nothing more
// than 'self' (its script, stylesheet and proof-of-work worker are built files of our own origin).
import type { Db } from '../../core/db/db.ts';
import { pageScriptSources } from './page-scripts.ts';
import type { FormRoute } from './form-routes.ts';

/** Google's widget script loads further code from gstatic. */
const RECAPTCHA_EXTRA_SCRIPTS = ['https://www.gstatic.com'];
const RECAPTCHA_FRAMES = ['https://www.google.com', 'https://recaptcha.google.com'];

/** recaptchaScriptUrl: null when the human check is the self-hosted ALTCHA. */
function policyWith(recaptchaScriptUrl: string | null, pageScripts: string[]): string {
  const recaptchaScripts = recaptchaScriptUrl ? [new URL(recaptchaScriptUrl).origin, ...RECAPTCHA_EXTRA_SCRIPTS] : [];
  const scripts = [...new Set(["'self'", ...recaptchaScripts, ...pageScripts])];
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

/** Addresses whose policy is kept (any address may be asked for: the oldest is forgotten first). */
const CACHE_ENTRIES = 500;

interface CachedPolicy {
  policy: Promise<string>;
  at: number;
  generation: number;
}

const generations = new WeakMap<Db, number>();

/** The policy of each page address: its named document's scripts read once, kept until a content change or POLICY_MAX_AGE_MS. */
export function pagePolicies(db: Db, routes: readonly FormRoute[], recaptchaScriptUrl: string | null): (pathname: string) => Promise<string> {
  const cache = new Map<string, CachedPolicy>();
  return (pathname) => {
    const generation = generations.get(db) ?? 0;
    const cached = cache.get(pathname);
    if (cached && cached.generation === generation && Date.now() - cached.at < POLICY_MAX_AGE_MS) return cached.policy;
    const policy = pageScriptSources(db, routes, pathname).then((sources) => policyWith(recaptchaScriptUrl, sources));
    cache.delete(pathname);
    cache.set(pathname, { policy, at: Date.now(), generation });
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    policy.catch(() => cache.delete(pathname));
    return policy;
  };
}

/** Called after every content write: a restaurant's new inline script is allowed on the next page. */
export function invalidatePagePolicy(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}
