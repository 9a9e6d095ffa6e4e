import { constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Files worth compressing: text the browser downloads (scripts, styles, the index page, SVG, JSON).
 * Images and woff2 fonts are compressed formats already.
 */
export const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each text asset of a
 * build, once, at build time, so the API's static serving sends the smallest encoding the browser
 * accepts without compressing on each request (`@fastify/static` `preCompressed`). Files under 1 KiB
 * and files a codec would not make smaller are left alone: the server then sends the original.
 */
export function precompressedAssets(): Plugin {
  return compression({
    include: PRECOMPRESSED,
    threshold: 1024,
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });
}
