// The built, hashed files (dist/assets/<name>-<hash>.<ext>: scripts, styles, fonts) are read once
// at start and answered from memory, as the browser asks for them (brotli, gzip or plain, from the
// copies the build wrote beside each): they never change while the server runs, and there are few
// (a few MB). Anything else under /assets (documents, logos) is sent from disk by @fastify/static.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import negotiate from '@fastify/accept-negotiator';
import mime from 'mime';

/** Vite names built files name-<8 character hash>.ext: only those may be cached forever. */
export const HASHED_FILE = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

type Encoding = 'br' | 'gzip' | 'identity';

interface Asset {
  type: string;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
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

/** The answer for a hashed asset: the encoding the browser prefers among those the build wrote; 304 when it has it already. */
export function answerAsset(asset: Asset, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): AssetAnswer {
  const offered = (['br', 'gzip'] as const).filter((encoding) => asset.bodies[encoding]);
  const encoding: Encoding = (acceptEncoding && offered.length ? negotiate(acceptEncoding, [...offered, 'identity']) : null) ?? 'identity';
  const headers: Record<string, string> = {
    'content-type': /^(text\/|application\/(javascript|json))/.test(asset.type) ? `${asset.type}; charset=utf-8` : asset.type,
    'cache-control': 'public, max-age=31536000, immutable',
    etag: asset.etag,
    vary: 'accept-encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
  if (ifNoneMatch === asset.etag) return { headers, body: null };
  return { headers, body: asset.bodies[encoding] ?? asset.bodies.identity! };
}
