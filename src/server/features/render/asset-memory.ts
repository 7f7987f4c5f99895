// The built, hashed files (dist/assets/<name>-<hash>.<ext>: scripts, styles, fonts) are read once
// at start and answered from memory, as the browser asks for them (brotli, gzip or plain, from the
// copies the build wrote beside each): they never change while the server runs, and there are few
// (a few MB). Anything else under /assets (documents, logos) is sent from disk by @fastify/static.
// Rendered pages (prerender.ts) are encoded once per render with encodeText and answered the same way.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import mime from 'mime';

/** Vite names built files name-<8 character hash>.ext: only those may be cached forever. */
export const HASHED_FILE = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

type Encoding = 'br' | 'gzip' | 'identity';

/** One body in the encodings it exists in; identity always. */
export type EncodedBodies = Partial<Record<Encoding, Buffer>> & { identity: Buffer };

interface Asset {
  type: string;
  etag: string;
  bodies: EncodedBodies;
}

export interface AssetAnswer {
  headers: Record<string, string>;
  body: Buffer | null;
}

export function loadHashedAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(dir)) return assets;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!HASHED_FILE.test(name) || !fs.statSync(file).isFile()) continue;
    const identity = fs.readFileSync(file);
    const copy = (suffix: string) => (fs.existsSync(`${file}${suffix}`) ? fs.readFileSync(`${file}${suffix}`) : undefined);
    assets.set(name, {
      type: mime.getType(name) ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      bodies: { identity, br: copy('.br'), gzip: copy('.gz') },
    });
  }
  return assets;
}

/**
 * A text made once and sent many times (a rendered page) in every encoding, so each answer is a
 * lookup: brotli at a middle quality (a few milliseconds for a page) and gzip.
 */
export function encodeText(text: string): EncodedBodies {
  const identity = Buffer.from(text);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: zlib.gzipSync(identity, { level: 6 }),
  };
}

/** The encoding the browser prefers among those the body exists in, and the headers that say so. */
export function pickEncoding(bodies: EncodedBodies, acceptEncoding: string | undefined): { body: Buffer; headers: Record<string, string> } {
  const offered = (['br', 'gzip'] as const).filter((encoding) => bodies[encoding]);
  const encoding = ((acceptEncoding && offered.length ? negotiate(acceptEncoding, [...offered, 'identity']) : null) ?? 'identity') as Encoding;
  return {
    body: bodies[encoding] ?? bodies.identity,
    headers: { vary: 'accept-encoding', ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) },
  };
}

/** The answer for a hashed asset: the encoding the browser prefers among those the build wrote; 304 when it has it already. */
export function answerAsset(asset: Asset, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): AssetAnswer {
  const picked = pickEncoding(asset.bodies, acceptEncoding);
  const headers: Record<string, string> = {
    'content-type': /^(text\/|application\/(javascript|json))/.test(asset.type) ? `${asset.type}; charset=utf-8` : asset.type,
    'cache-control': 'public, max-age=31536000, immutable',
    etag: asset.etag,
    ...picked.headers,
  };
  return { headers, body: ifNoneMatch === asset.etag ? null : picked.body };
}
