// vite plugin: every built text file also as .br and .gz beside it, so the server sends the
// compressed file straight from disk (@fastify/static preCompressed) without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

export function compressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : config.build.outDir;
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes('/server/') || file.includes('/.vite/')) continue;
        const source = readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
