import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this are sent as they are (bytes of the encoded body): under one TCP
 * segment, compressing saves no round trip and only costs CPU.
 */
export const API_COMPRESSION_MIN_BYTES = 1_024;

/**
 * Answers up to this size are compressed on the request's thread, with an exact `Content-Length`;
 * larger ones are streamed through libuv's thread pool. The plugin's default on two cores is 8 KiB,
 * which sent the campaign wizard's 12 KB playlist list through a stream per request: measured by
 * `npm run bench:compression`, 0.85x the throughput of sending it uncompressed, p99 245 against 147 ms.
 * Brotli quality 4 takes about 0.2 ms for 40 KB of JSON here, short enough for the event loop.
 */
export const API_COMPRESSION_SYNC_MAX_BYTES = 64 * 1_024;

/**
 * What is compressed: JSON (`application/json`, `application/problem+json`...) and text (CSV exports,
 * plain text), never a server-sent event stream (each event must reach the browser when written) and
 * never files already encoded (audio, images, archives).
 */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/;

/**
 * Compresses API answers above {@link API_COMPRESSION_MIN_BYTES} in the encoding the client prefers
 * among brotli (quality 4: Cloudflare's "brotli from origin" measurements; quality 11 is for build-time
 * copies) and gzip, with `Vary: Accept-Encoding` (answers up to {@link API_COMPRESSION_SYNC_MAX_BYTES} are compressed
 * on the request's thread with an exact `Content-Length`; larger ones, exports, are streamed). The built apps' files are sent
 * from their build-time copies (`preCompressed`), which this leaves alone (they carry their
 * `Content-Encoding`). Request bodies are not decompressed: no client sends them compressed, and a
 * decompressing parser would let a small upload expand past the body limit's intent.
 * Issue 37 ("API JSON compressed above a size threshold"); measured in `npm run bench:compression`.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: API_COMPRESSION_MIN_BYTES,
    syncThreshold: API_COMPRESSION_SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
