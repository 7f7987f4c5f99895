// The scripts of the document a page names (a restaurant's tag on /survey/fnb/:restaurantName, as
// src/web/form/sourcedValues.ts finds it) are content: an editor writes them. They never run in
// the page: the page holds a hidden frame (src/web/form/PageScriptsFrame.tsx) whose document,
// served here, runs them in a sandbox without allow-same-origin. The frame's origin is opaque, so
// its scripts cannot read the page (the guest's answers), its storage or our cookies, and what
// they send to /api arrives cross-site: the staff cookie is SameSite=Lax and its Origin is "null",
// so no staff session answers them (core/access/caller.ts). They can still count a visit, which
// is what a restaurant's tag is for. The sandbox is in the answer's own policy too, so the frame's
// address opened as a page of its own is no less confined.
import { createHash } from 'node:crypto';
import { PAGE_SCRIPTS_PATH } from '../../../engine/contract/page-scripts.ts';
import { slugify } from '../../../engine/text/format.ts';
import type { Db } from '../../core/db/db.ts';
import { isStorableText } from '../../core/forms/answer-limits.ts';
import { fieldSources, matchFormRoute, type FormRoute, type Lookup } from './form-routes.ts';

export interface ContentScript {
  type?: string;
  content?: string;
  src?: string;
  async?: boolean;
  defer?: boolean;
}

/** The collection and key of the document the address names, or null for a page that names none. */
function namedDocument(routes: readonly FormRoute[], pathname: string): { lookup: Lookup; wanted: string } | null {
  const matched = matchFormRoute(routes, pathname);
  if (!matched) return null;
  for (const source of fieldSources(matched.route.form)) {
    const value = source.routeParam ? matched.params[source.routeParam] : undefined;
    // A value no document can hold (a null character: the Not Found page of core/http/unstorable-input.ts) names none.
    if (value && isStorableText(value) && source.lookup)
      return { lookup: source.lookup, wanted: source.lookup.compare === 'slug' ? slugify(value) : value.trim().toLowerCase() };
  }
  return null;
}

/** The scripts of the document the page at `pathname` names (none for any other page). */
export async function pageScripts(db: Db, routes: readonly FormRoute[], pathname: string): Promise<ContentScript[]> {
  const named = namedDocument(routes, pathname);
  if (!named) return [];
  const { rows } = await db.query<{ scripts: ContentScript[] }>(
    `SELECT data->'scripts' AS scripts FROM documents WHERE collection = $1 AND lower(data->>$2) = $3 AND jsonb_typeof(data->'scripts') = 'array' LIMIT 1`,
    [named.lookup.collection, named.lookup.match, named.wanted],
  );
  return (rows[0]?.scripts ?? []).filter((script): script is ContentScript => Boolean(script) && typeof script === 'object');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An external script's address: https anywhere, or a path on this site (never javascript:, data: or plain http). */
const externalSource = (script: ContentScript) =>
  script.type === 'external' && typeof script.src === 'string' && /^(https:\/\/|\/(?!\/))/i.test(script.src) ? script.src : null;
/** An inline script that cannot end its element early (the HTML parser would read the rest as markup). */
const inlineCode = (script: ContentScript) =>
  script.type === 'inline' && typeof script.content === 'string' && !/<\/script|<!--/i.test(script.content) ? script.content : null;

export interface ScriptsFrame {
  html: string;
  policy: string;
}

/**
 * The frame's document and its policy: the sandbox (scripts, nothing else: no same origin, no
 * forms, popups or navigation of the page), its scripts allowed by origin and by sha256, and
 * whatever a tag reports to (images, beacons) anywhere, since nothing in the frame is ours to leak.
 * `origin`: this site's own, for the tags given as a path (a sandboxed document's 'self' is opaque).
 */
export function scriptsFrame(scripts: readonly ContentScript[], origin: string): ScriptsFrame {
  const sources = new Set<string>();
  const elements: string[] = [];
  for (const script of scripts) {
    const src = externalSource(script);
    const code = src ? null : inlineCode(script);
    if (src) {
      sources.add(src.startsWith('/') ? origin : new URL(src).origin);
      elements.push(`<script src="${escapeHtml(src)}"${script.async ? ' async' : ''}${script.defer ? ' defer' : ''}></script>`);
    } else if (code !== null) {
      sources.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      elements.push(`<script>${code}</script>`);
    }
  }
  const policy = [
    'sandbox allow-scripts',
    "default-src 'none'",
    `script-src ${[...sources].sort().join(' ') || "'none'"}`,
    'connect-src *',
    'img-src * data:',
    `frame-ancestors ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const html = `<!doctype html>\n<html><head><meta charset="utf-8"><title>Page scripts</title>\n${elements.join('\n')}\n</head><body></body></html>\n`;
  return { html, policy };
}

/** The page address a frame address is for: /page-scripts/survey/fnb/cova -> /survey/fnb/cova. */
export const framedPage = (pathname: string) => pathname.slice(PAGE_SCRIPTS_PATH.length) || '/';
