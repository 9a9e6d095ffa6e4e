import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_MIN_BYTES, registerCompression } from './compression';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, title: `Campaign ${i}`, status: 'active' }));
const BIG = { data: rows(200) };
const SMALL = { id: 1, email: 'artist@demo.test' };

describe('API answers compressed above 1 KiB, in the encoding the client prefers', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/big', async () => BIG);
    app.get('/small', async () => SMALL);
    app.get('/csv', async (_req, reply) => reply.type('text/csv; charset=utf-8').send('a,b\n'.repeat(800)));
    app.get('/events', async (_req, reply) =>
      reply.type('text/event-stream').send('data: x\n\n'.repeat(400)),
    );
    app.get('/audio', async (_req, reply) => reply.type('audio/mpeg').send(Buffer.alloc(8_000, 7)));
    app.post('/echo', async (req) => req.body);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends brotli to a browser, gzip to a client accepting only gzip, the JSON as it is otherwise', async () => {
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(BIG);
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_MIN_BYTES);

    const chrome = await get('/big', 'gzip, deflate, br, zstd');
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers.vary).toContain('accept-encoding');
    expect(Number(chrome.headers['content-length'])).toBe(chrome.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(chrome.rawPayload).toString())).toEqual(BIG);
    expect(chrome.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);

    const gzip = await get('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(BIG);

    const identity = await get('/big', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(BIG);
  });

  it('leaves answers under 1 KiB, event streams and already-encoded files as they are', async () => {
    const small = await get('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(SMALL);

    const events = await get('/events', 'br');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.startsWith('data: x')).toBe(true);

    const audio = await get('/audio', 'br');
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.rawPayload.length).toBe(8_000);
  });

  it('compresses text exports too', async () => {
    const csv = await get('/csv', 'br');
    expect(csv.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(csv.rawPayload).toString()).toBe('a,b\n'.repeat(800));
  });

  it('does not decompress request bodies (a compressed upload is refused, not expanded)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBe(400);
  });
});
