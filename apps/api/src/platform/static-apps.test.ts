import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSpaIndex, serveApps } from './static-apps';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body>${'<!-- x -->'.repeat(150)}</body></html>`;

/** A built app as the Vite build leaves it: files, their brotli and gzip copies, the manifest. */
function writeBuild(dir: string, base: string): void {
  const write = (rel: string, text: string, compressed = true) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    if (!compressed) return;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text));
  };
  write('index.html', INDEX.replace('/assets/', `${base}assets/`));
  write('assets/app-1a2b.js', SCRIPT);
  write('assets/small-3c4d.js', 'export {};\n', false);
  write('.vite/manifest.json', '{"index.html":{"file":"assets/app-1a2b.js"}}');
}

describe('the apps as served: precompressed, cached by kind, screens routed to the index page', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-static-'));
    writeBuild(path.join(root, 'apps/web/dist'), '/');
    writeBuild(path.join(root, 'apps/admin/dist'), '/admin/');
    const folders = { repoRoot: root };
    app = Fastify();
    const served = await serveApps(app, folders);
    app.setNotFoundHandler((req, reply) => sendSpaIndex(req.url, reply, served));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the original otherwise', async () => {
    const chrome = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(chrome.statusCode).toBe(200);
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers.vary).toContain('accept-encoding');
    expect(chrome.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(chrome.rawPayload).toString()).toBe(SCRIPT);
    expect(chrome.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzipOnly = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file that has no compressed copy (too small to gain) as it is', async () => {
    const res = await get('/assets/small-3c4d.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('keeps hashed assets a year and revalidates the index page', async () => {
    expect((await get('/assets/app-1a2b.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/admin/assets/app-1a2b.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it("answers a screen's address with its app's index page, compressed", async () => {
    for (const [url, script] of [
      ['/dashboard', 'src="/assets/app-1a2b.js"'],
      ['/admin/users/list', 'src="/admin/assets/app-1a2b.js"'],
    ] as const) {
      const res = await get(url, 'gzip, deflate, br, zstd');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain(script);
    }
  });

  it('answers 404, not the index page, for a chunk that is not there (a page built before a deploy)', async () => {
    for (const url of ['/assets/gone-9z9z.js', '/admin/assets/gone-9z9z.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/plain');
    }
  });

  it("does not serve the build's manifest", async () => {
    for (const url of ['/.vite/manifest.json', '/admin/.vite/manifest.json']) {
      const res = await get(url, 'br');
      expect(res.body, url).not.toContain('app-1a2b.js');
    }
  });
});
