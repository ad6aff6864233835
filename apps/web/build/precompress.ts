import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ico|webmanifest)$/;
/** Smaller files gain nothing a header does not cost back. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, where they are
 * smaller: the server sends them to browsers that accept them (@fastify/static `preCompressed`), so no
 * request pays for compression and the strongest settings cost nothing at run time.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'plastrace-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        const data = await readFile(path);
        const variants = [
          ['.br', brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
          ['.gz', gzipSync(data, { level: 9 })],
        ] as const;
        for (const [ext, packed] of variants)
          if (packed.length < data.length) await writeFile(path + ext, packed);
      }
    },
  };
}
